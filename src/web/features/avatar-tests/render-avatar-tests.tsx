import type { PageData } from '../../../shared/pages/page-data';
import CircleTestPage from './CircleTestPage';
import TagsTestPage from './TagsTestPage';

/** The internal visual tests `/tags/test` and `/circle/test` (spec §2). */
export function renderAvatarTestPage(data: PageData) {
  if (data.kind !== 'avatarTest') return null;
  return data.test === 'tags' ? <TagsTestPage /> : <CircleTestPage />;
}
