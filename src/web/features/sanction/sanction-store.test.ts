import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { setReaderVoice } from '../../lib/reader-voice';
import { createSanctionStore, reportSanctionRefusal, untilOf } from './sanction-store';

const NOW = Date.UTC(2026, 0, 1, 12);
const NOTICE_KEY = 'majlis.sanction';
let storage: Map<string, string>;

beforeEach(() => {
  storage = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

const kick = (minutes = 15, until = new Date(NOW + minutes * 60_000).toISOString()) => ({
  moderator: 'سامي',
  reason: 'إزعاج',
  duration: minutes,
  until,
  kind: 'kick' as const,
});

describe('sanction store', () => {
  it('shows a kick with its moderator, reason and length, and keeps it for a reload', () => {
    const store = createSanctionStore();
    store.kicked(kick(), NOW);
    expect(store.getState()).toMatchObject({
      hidden: false,
      notice: { kind: 'kick', until: NOW + 15 * 60_000, durationMinutes: 15, moderator: 'سامي', reason: 'إزعاج' },
    });

    const reloaded = createSanctionStore();
    reloaded.restore(NOW + 60_000);
    expect(reloaded.getState().notice).toMatchObject({ kind: 'kick', until: NOW + 15 * 60_000 });
  });

  it('keeps the reader’s gender with the notice, for its words after the session has ended (and a reload)', () => {
    setReaderVoice('أنثى', (text) => text);
    const store = createSanctionStore();
    store.kicked(kick(), NOW);
    setReaderVoice(null, (text) => text);
    expect(store.getState().notice).toMatchObject({ kind: 'kick', gender: 'أنثى' });
    const reloaded = createSanctionStore();
    reloaded.restore(NOW + 1000);
    expect(reloaded.getState().notice).toMatchObject({ kind: 'kick', gender: 'أنثى' });
  });

  it('forgets a stored kick whose time has run out', () => {
    createSanctionStore().kicked(kick(), NOW);
    const reloaded = createSanctionStore();
    reloaded.restore(NOW + 15 * 60_000);
    expect(reloaded.getState().notice).toBeNull();
    expect(storage.has(NOTICE_KEY)).toBe(false);
  });

  it("counts from the server's end time unless the two clocks disagree by more than a minute", () => {
    expect(untilOf({ duration: 15, until: new Date(NOW + 15 * 60_000 + 20_000).toISOString() }, NOW)).toBe(
      NOW + 15 * 60_000 + 20_000,
    );
    // This browser's clock is an hour behind: the length from now is closer to the truth.
    expect(untilOf({ duration: 15, until: new Date(NOW + 75 * 60_000).toISOString() }, NOW)).toBe(NOW + 15 * 60_000);
    expect(untilOf({ duration: 15, until: 'not a date' }, NOW)).toBe(NOW + 15 * 60_000);
  });

  it('shows a refused sign-in as a timed bar without invented details, keeping a stored kick its wording', () => {
    const store = createSanctionStore();
    store.refused('BANNED', 125, NOW);
    expect(store.getState().notice).toEqual({
      kind: 'barred',
      until: NOW + 125_000,
      durationMinutes: null,
      moderator: null,
      reason: null,
    });

    const kicked = createSanctionStore();
    kicked.kicked(kick(), NOW);
    kicked.refused('BANNED', 600, NOW + 60_000);
    expect(kicked.getState().notice).toMatchObject({ kind: 'kick', moderator: 'سامي', until: NOW + 660_000 });
  });

  it('shows a block (permanent), keeps it as a moderation notification, and never stores it as a countdown', () => {
    const store = createSanctionStore();
    store.blocked({ moderator: 'سامي', reason: 'انتحال' }, NOW);
    expect(store.getState().notice).toEqual({ kind: 'block', moderator: 'سامي', reason: 'انتحال' });
    expect(store.getState().notifications).toEqual([{ kind: 'block', moderator: 'سامي', reason: 'انتحال', at: NOW }]);
    expect(storage.has(NOTICE_KEY)).toBe(false);

    const reloaded = createSanctionStore();
    reloaded.restore(NOW + 1000);
    expect(reloaded.getState().notice).toBeNull();
    expect(reloaded.getState().notifications).toHaveLength(1);

    store.refused('DEVICE_BLOCKED', undefined, NOW);
    expect(store.getState().notice).toMatchObject({ kind: 'deviceBlock', moderator: null });
  });

  it('does not let a stored notice replace one shown since the page loaded', () => {
    createSanctionStore().kicked(kick(), NOW);
    const store = createSanctionStore();
    store.refused('BANNED', 60, NOW);
    store.hide();
    store.restore(NOW);
    expect(store.getState()).toMatchObject({ hidden: true, notice: { kind: 'barred' } });
  });

  it('hides and shows the overlay again; closing forgets the notice', () => {
    const store = createSanctionStore();
    store.kicked(kick(), NOW);
    store.hide();
    expect(store.getState().hidden).toBe(true);
    store.reveal();
    expect(store.getState().hidden).toBe(false);
    store.close();
    expect(store.getState().notice).toBeNull();
    expect(storage.has(NOTICE_KEY)).toBe(false);
  });

  it('takes a 403 sanction refusal of a sign-in, and leaves every other failure to the form', () => {
    const refused = vi.fn();
    const sink = { refused, kicked: vi.fn(), blocked: vi.fn() };
    expect(reportSanctionRefusal(new ApiError('BANNED', 403, 'ممنوع', undefined, 90), sink)).toBe(true);
    expect(refused).toHaveBeenCalledWith('BANNED', 90);
    expect(reportSanctionRefusal(new ApiError('DEVICE_BLOCKED', 403, 'محظور'), sink)).toBe(true);
    expect(reportSanctionRefusal(new ApiError('FORBIDDEN', 403, 'لا'), sink)).toBe(false);
    expect(reportSanctionRefusal(new ApiError('USERNAME_TAKEN', 409, 'مأخوذ'), sink)).toBe(false);
    expect(reportSanctionRefusal(new Error('x'), sink)).toBe(false);
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
