import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MutedNotice } from '../chat/Composer';
import { formatMuteEnd } from './mute';
import { ModerationNotice } from './ModerationNotice';
import { MODERATION_TEXTS as T } from './texts';
import { ModerationActions } from './CardModeration';
import type { CardUser } from '../people/user-card-store';

const guest: CardUser = {
  id: 2,
  username: 'Ali_99',
  role: 'guest',
  userType: 'guest',
  gender: null,
  profileImage: null,
};
const noop = () => undefined;

function card(
  role: 'member' | 'moderator' | 'admin',
  options: { message?: boolean; view?: 'ban' | null; muted?: boolean | null } = {},
) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ModerationActions
        me={{ id: 1, role }}
        user={guest}
        role="guest"
        message={options.message ? { id: 50, content: 'رسالة مزعجة' } : null}
        muted={options.muted ?? null}
        view={options.view ?? null}
        onView={noop}
        onDone={noop}
      />
    </QueryClientProvider>,
  );
}

describe('moderation components', () => {
  it('shows a moderation notice with the names isolated', () => {
    const html = renderToStaticMarkup(
      <ModerationNotice
        notice={{
          action: 'kick',
          actorName: 'سلمى',
          actorGender: 'أنثى',
          targetName: 'Ali_99',
          targetGender: null,
          reason: 'بدون سبب',
          durationMinutes: 5,
        }}
      />,
    );
    expect(html).toContain(
      'طردت المشرفة <bdi class="font-bold">سلمى</bdi> المستخدم <bdi class="font-bold">Ali_99</bdi>',
    );
    expect(html).toContain('لمدة 5 دقائق');
  });

  it('tells a muted reader until when, agreeing with their gender', () => {
    expect(T.mutedUntil('ذكر', '14:30')).toBe('أنت مكتوم حتى 14:30');
    expect(T.mutedUntil('أنثى', '14:30')).toBe('أنتِ مكتومة حتى 14:30');
    const html = renderToStaticMarkup(<MutedNotice text={T.mutedUntil(null, '14:30')} gender={null} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('أنت مكتوم حتى 14:30');
    expect(html).toContain('تستطيع قراءة الرسائل');
    const hers = renderToStaticMarkup(<MutedNotice text={T.mutedUntil('أنثى', '14:30')} gender="أنثى" />);
    expect(hers).toContain('أنتِ مكتومة حتى 14:30');
    expect(hers).toContain('تستطيعين قراءة الرسائل');
  });

  it('says when a mute ends as a 24-hour clock, with the date when it is not today', () => {
    const now = new Date(2026, 0, 1, 12, 0).getTime();
    expect(formatMuteEnd(new Date(2026, 0, 1, 14, 5).getTime(), now)).toBe('14:05');
    expect(formatMuteEnd(new Date(2026, 0, 3, 9, 30).getTime(), now)).toMatch(/^3 .+ 09:30$/);
  });

  it("offers a member only reports, and staff their sanctions, on someone's message", () => {
    const member = card('member', { message: true });
    expect(member).toContain(T.action.reportMessage);
    expect(member).toContain(T.action.report);
    expect(member).not.toContain(T.action.kick);
    expect(member).toContain('رسالة مزعجة');
    const moderator = card('moderator', { message: true });
    for (const action of ['deleteMessage', 'kick', 'mute'] as const) expect(moderator).toContain(T.action[action]);
    expect(moderator).not.toContain(T.action.ban);
  });

  it('opens the ban form with the day preset chosen and the address option explained', () => {
    const html = card('admin', { view: 'ban' });
    expect(html.match(/type="radio"/g)).toHaveLength(7);
    expect(html).toMatch(/<input[^>]*value="1440"[^>]*checked=""|<input[^>]*checked=""[^>]*value="1440"/);
    expect(html).toContain(T.includeAddress);
    expect(html).toContain(T.includeAddressHint);
    expect(html).toMatch(/<button type="submit"[^>]*min-h-11/);
  });
});
