/**
 * Moderation's public entry for the person card (features/people/UserCard): its part of the card
 * (reports on the message and the person, and the staff actions the policy allows, with their
 * forms) and the names of those actions. The card is its own chunk and imports this entry, so
 * what is exported here loads with the card, not with the chat.
 */
export { CardModeration, type CardModerationProps } from './CardModeration';
export type { CardAction } from './card-actions';
