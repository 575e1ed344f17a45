import type { PageData } from '../../shared/pages/page-data';
import LegalPage from './LegalPage';
import { renderEmojiPage } from './render-emoji-page';
import { renderEntryPage } from './render-entry-page';
import { renderOtherPage } from './render-other-pages';
import { renderAvatarTestPage } from '../features/avatar-tests/render-avatar-tests';

/** Every page, for the server renderer. Legal pages are server-only: they load no JavaScript. */
export function renderAnyPage(data: PageData) {
  if (data.kind === 'legal') return <LegalPage data={data} />;
  return renderEntryPage(data) ?? renderEmojiPage(data) ?? renderAvatarTestPage(data) ?? renderOtherPage(data);
}
