import type { ReactNode } from 'react';
import type { PageData } from '../../shared/pages/page-data';

export type RenderPage = (data: PageData) => ReactNode;

/**
 * The browser loads only the code of the page it shows, before hydrating it, so the first chunk
 * stays small; the server renders with every page imported (render-page.tsx).
 */
export async function loadPageRenderer(kind: PageData['kind']): Promise<RenderPage> {
  switch (kind) {
    case 'notFound':
    case 'diagnostic':
    case 'legal':
      return (await import('./render-other-pages')).renderOtherPage;
    case 'avatarTest':
      return (await import('../features/avatar-tests/render-avatar-tests')).renderAvatarTestPage;
    case 'emojis':
      return (await import('./render-emoji-page')).renderEmojiPage;
    default:
      return (await import('./render-entry-page')).renderEntryPage;
  }
}
