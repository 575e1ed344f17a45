import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { systemEndpoints } from '../shared/api/system';
import { pageRoomId, pageRoomName, type PageData } from '../shared/pages/page-data';
import { App } from './app/App';
import { Shell } from './app/Shell';
import { sessionStore } from './features/session/session-store';
import { callApi } from './lib/api';
import { focusEntryField } from './landing/focus-entry';
import { ignoreAnimationIterationListeners } from './lib/quiet-animation-events';
import { loadPageRenderer } from './landing/page-loader';

/** The page the server rendered (embedded JSON), or, on the development server, asked for. */
async function currentPage(): Promise<{ page: PageData; serverRendered: boolean }> {
  const embedded = document.getElementById('page-data')?.textContent;
  if (embedded) return { page: JSON.parse(embedded) as PageData, serverRendered: true };
  const resolved = await callApi(systemEndpoints.page, { query: { path: location.pathname } });
  document.title = resolved.head.title;
  return { page: resolved.data, serverRendered: false };
}

async function boot(): Promise<void> {
  const root = document.getElementById('root')!;
  // React's root and its portals (into the body): no wake-up per animation iteration.
  ignoreAnimationIterationListeners(root);
  ignoreAnimationIterationListeners(document.body);
  const { page, serverRendered } = await currentPage();
  // The site theme (spec §4): loaded apart, so the landing chunk stays small.
  void import('./features/themes/site-theme-start').then((m) => m.startSiteTheme(serverRendered));
  sessionStore.prime('anonymous', pageRoomId(page));
  // A room's address, or a landing chat link followed before the script ran (`?room=`): that
  // room opens right after entering.
  const linked = page.kind === 'chat' ? page.roomId : new URLSearchParams(location.search).get('room');
  if (linked) sessionStore.chooseRoom(linked, pageRoomName(page, linked));
  const renderPage = await loadPageRenderer(page.kind);
  const app = (
    <StrictMode>
      <Shell>
        <App page={page} renderPage={renderPage} />
      </Shell>
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // "Enter the chat" pressed before the script was here only scrolled: now put the cursor in.
  if (location.hash === '#welcome' && document.activeElement === document.body)
    requestAnimationFrame(() => focusEntryField());
}

void boot();
