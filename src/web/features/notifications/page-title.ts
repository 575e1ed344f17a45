import { unreadTitle } from './texts';

/*
 * The tab's title, in one place: what is on screen (the room's name while in a room, else the
 * page's own title) with the unread count in front (spec: "(3) …"). The chat screen says the
 * first, the notifications the second; neither overwrites the other.
 */

const COUNT = /^\(\d+\+?\)\s*/;
let pageTitle: string | null = null;
let shown: string | null = null;
let unread = 0;

function apply(): void {
  pageTitle ??= document.title.replace(COUNT, '');
  document.title = unreadTitle(unread, shown ?? pageTitle);
}

/** What the tab names (null: the page's own title again). */
export function showInTitle(text: string | null): void {
  pageTitle ??= document.title.replace(COUNT, '');
  shown = text;
  apply();
}

export function showUnreadInTitle(count: number): void {
  unread = count;
  apply();
}
