import { pmDispatch } from './pm-store';

/**
 * Opens the private message box with someone (the user card's "private message", the messages
 * panel): a full screen on a phone, a docked panel beside the room on a desktop. Its pages load
 * if this page does not have them yet; the conversation is marked read while it is on screen.
 */
export function openConversation(user: { id: number; username: string }): void {
  pmDispatch({ type: 'panel', open: false });
  pmDispatch({ type: 'open', peer: { id: user.id, username: user.username } });
}
