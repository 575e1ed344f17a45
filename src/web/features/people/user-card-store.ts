import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { ListedMessage } from '../../../shared/entities/message';
import type { OnlineUser, UserType } from '../../../shared/entities/user';
import type { Role } from '../../../shared/roles';
import type { CardAction } from '../moderation';

/** The person a card is about. The role may be unknown (a report, a log entry): the card asks. */
export interface CardUser {
  id: number;
  username: string;
  role: Role | null;
  userType: UserType | null;
  gender: string | null;
  profileImage: string | null;
  /** The look, when known (the avatar's frame, tag and glow; the name's colour and effect). */
  profileFrame?: string | null;
  profileTag?: string | null;
  profileEffect?: string | null;
  usernameColor?: string | null;
  usernameGradient?: string | null;
  usernameEffect?: string | null;
  avatarVersion?: number;
}

/** A message the card was opened from: it can be deleted or reported from there. */
export interface CardMessage {
  id: number;
  content: string;
}

export interface UserCardState {
  user: CardUser | null;
  message: CardMessage | null;
  /** Open straight on one moderation action's form (quick actions of the moderation panel). */
  action: CardAction | null;
}

const store = createStore<UserCardState>()(() => ({ user: null, message: null, action: null }));

export const userCardStore = store;

export function useUserCard(): UserCardState {
  return useStore(store);
}

export function cardUserOf(user: OnlineUser): CardUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    userType: user.userType,
    gender: user.gender,
    profileImage: user.profileImage,
    profileFrame: user.profileFrame,
    profileTag: user.profileTag,
    profileEffect: user.profileEffect,
    usernameColor: user.usernameColor,
    usernameGradient: user.usernameGradient,
    usernameEffect: user.usernameEffect,
    avatarVersion: user.avatarVersion,
  };
}

export function openUserCard(user: CardUser, options: { message?: CardMessage; action?: CardAction } = {}): void {
  store.setState({ user, message: options.message ?? null, action: options.action ?? null });
}

/** From a message row: its sender, and the message itself when it is stored (a positive id). */
export function openCardForMessage(message: ListedMessage): void {
  const sender = message.sender;
  if (!sender) return;
  openUserCard(
    {
      id: sender.id,
      username: sender.username,
      role: sender.role,
      userType: sender.userType,
      gender: sender.gender,
      profileImage: sender.profileImage,
    },
    message.id > 0 ? { message: { id: message.id, content: message.content } } : {},
  );
}

export function closeUserCard(): void {
  store.setState({ user: null, message: null, action: null });
}
