import type { MouseEvent } from 'react';
import type { ChatLink } from '../../shared/catalogue/types';
import { sessionStore } from '../features/session/session-store';
import { focusEntryField } from './focus-entry';
import { LANDING_TEXTS as T } from './texts';

/** Two speech bubbles; inline so the landing pages load no icon library. */
function ChatIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-1 h-5 w-5 shrink-0 text-primary"
    >
      <path d="M14 9a2 2 0 0 1-2 2H6l-4 4V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2z" />
      <path d="M18 9h2a2 2 0 0 1 2 2v11l-4-4h-6a2 2 0 0 1-2-2v-1" />
    </svg>
  );
}

/**
 * The page's ways into the chat, as real links (crawlable, and working without JavaScript). With
 * JavaScript a click remembers the room and moves to the entry form; after entering, that room opens.
 */
export function ChatLinks({ links, pagePath }: { links: ChatLink[]; pagePath: string }) {
  const choose = (event: MouseEvent<HTMLAnchorElement>, link: ChatLink) => {
    event.preventDefault();
    sessionStore.chooseRoom(link.roomId, link.roomName);
    focusEntryField();
  };
  return (
    <section aria-labelledby="chat-links" className="flex flex-col gap-3">
      <h2 id="chat-links" className="text-xl font-bold">
        {T.chatRooms}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={`${pagePath}?room=${encodeURIComponent(link.roomId)}#welcome`}
              onClick={(event) => choose(event, link)}
              className="flex h-full items-start gap-3 rounded-2xl border border-border bg-card p-4 transition hover:border-primary"
            >
              <ChatIcon />
              <span className="flex flex-col gap-1">
                <span className="font-bold">{link.name}</span>
                {link.description && <span className="text-sm text-muted-foreground">{link.description}</span>}
                <span className="text-sm font-medium text-primary">{T.enterNamedRoom(link.roomName)} ←</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
