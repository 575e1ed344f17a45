import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { MODERATION } from '../../../shared/entities/moderation';
import { SanctionCard } from './SanctionCard';
import type { SanctionNotice } from './sanction-store';
import { SANCTION_TEXTS } from './texts';

const noop = () => undefined;
const render = (notice: SanctionNotice, secondsLeft: number, calm = false) =>
  renderToStaticMarkup(
    <SanctionCard notice={notice} secondsLeft={secondsLeft} calm={calm} onHide={noop} onClose={noop} />,
  );

const kick: SanctionNotice = {
  kind: 'kick',
  until: 0,
  durationMinutes: 15,
  moderator: '',
  reason: '',
};

describe('SanctionCard', () => {
  it('is an alert dialog with the title, the badge in agreement, the clock, the notice and a hide button', () => {
    const html = render(kick, 14 * 60 + 59);
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('aria-modal="true"');
    expect(html).toContain(SANCTION_TEXTS.title.kick);
    expect(html).toContain('طرد مؤقت - 15 دقيقة');
    expect(html).toMatch(/role="timer"[^>]*dir="ltr"[^>]*>14:59</);
    expect(html).toContain(SANCTION_TEXTS.timedNotice(null));
    expect(html).toContain('ستعود إلى الصفحة الرئيسية');
    expect(html).toMatch(new RegExp(`<button[^>]*min-h-11[^>]*>${SANCTION_TEXTS.hide}</button>`));
  });

  it('speaks to a woman in the feminine', () => {
    expect(render({ ...kick, gender: 'أنثى' }, 60)).toContain('ستعودين إلى الصفحة الرئيسية');
    const blocked = render({ kind: 'block', moderator: null, reason: null, gender: 'أنثى' }, 0);
    expect(blocked).toContain('إن كنتِ ترين أن الحظر خطأ فتواصلي مع إدارة الموقع');
    expect(render({ kind: 'block', moderator: null, reason: null }, 0)).toContain('إن كنت ترى أن الحظر خطأ فتواصل');
  });

  it("fills in spec §4's defaults when the event named no moderator or reason", () => {
    const html = render(kick, 60);
    expect(html).toContain(MODERATION.defaultModerator);
    expect(html).toContain(MODERATION.defaultReason);
    expect(render({ ...kick, durationMinutes: 5 }, 60)).toContain('طرد مؤقت - 5 دقائق');
    expect(render({ ...kick, durationMinutes: 2 }, 60)).toContain('طرد مؤقت - دقيقتان');
    expect(render({ ...kick, kind: 'ban', durationMinutes: 1440 }, 60)).toContain('حظر مؤقت - يوم واحد');
  });

  it('names names inside <bdi>, so a Latin name cannot reorder the sentence', () => {
    const html = render({ ...kick, moderator: 'Admin_1', reason: 'spam' }, 60);
    expect(html).toContain('<bdi>Admin_1</bdi>');
    expect(html).toContain('<bdi>spam</bdi>');
  });

  it('shows a refused sign-in with the time left and no invented details', () => {
    const html = render({ kind: 'barred', until: 0, durationMinutes: null, moderator: null, reason: null }, 125);
    expect(html).toContain('>منع مؤقت<');
    expect(html).toContain('02:05');
    expect(html).toContain('المتبقي: 3 دقائق');
    expect(html).not.toContain(MODERATION.defaultModerator);
  });

  it('does not tick or animate for readers who asked for less motion', () => {
    const html = render(kick, 14 * 60 + 59, true);
    expect(html).not.toContain('14:59');
    expect(html).toMatch(/role="timer"[^>]*>المتبقي: 15 دقيقة</);
    expect(html).not.toContain('transition');
  });

  it('shows a block as permanent, without a clock, closed with one button', () => {
    const html = render({ kind: 'block', moderator: 'سامي', reason: 'انتحال' }, 0);
    expect(html).toContain(ERROR_MESSAGES.BLOCKED);
    expect(html).toContain(SANCTION_TEXTS.permanentBadge);
    expect(html).not.toContain('role="timer"');
    expect(html).toContain(SANCTION_TEXTS.understood);
    expect(html).not.toContain(SANCTION_TEXTS.hide);
  });
});
