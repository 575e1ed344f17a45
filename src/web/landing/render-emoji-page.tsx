import type { PageData } from '../../shared/pages/page-data';
import EmojiPage from './EmojiPage';

export function renderEmojiPage(data: PageData) {
  return data.kind === 'emojis' ? <EmojiPage data={data} /> : null;
}
