import { describe, expect, it } from 'vitest';
import type { ModerationNoticeData } from '../chat/timeline/chat-state';
import { durationAfterPreposition, isolate, timeLeftAfterPreposition } from './arabic';
import { moderationNoticeParts, moderationNoticeText } from './notice-text';

const base: ModerationNoticeData = {
  action: 'kick',
  actorName: 'سامي',
  actorGender: 'ذكر',
  targetName: 'علي',
  targetGender: 'ذكر',
  reason: 'بدون سبب',
  durationMinutes: 15,
};

/** The sentence with the isolating marks taken out, to read it as a person would. */
const sentence = (notice: Partial<ModerationNoticeData>) =>
  moderationNoticeText({ ...base, ...notice }).replace(/[\u2068\u2069]/g, '');

describe('moderation notices', () => {
  it('agrees with the gender of the one who acted and of the one acted upon', () => {
    expect(sentence({})).toBe('طرد المشرف سامي المستخدم علي لمدة 15 دقيقة');
    expect(sentence({ actorName: 'سلمى', actorGender: 'أنثى' })).toBe('طردت المشرفة سلمى المستخدم علي لمدة 15 دقيقة');
    expect(sentence({ targetName: 'ليلى', targetGender: 'أنثى', action: 'mute', durationMinutes: 120 })).toBe(
      'كتم المشرف سامي المستخدمة ليلى لمدة ساعتين',
    );
    expect(sentence({ action: 'unmute', actorGender: 'أنثى', actorName: 'نور', durationMinutes: null })).toBe(
      'ألغت المشرفة نور كتم المستخدم علي',
    );
  });

  it('says lengths with number agreement, in the genitive after "لمدة", and blocks as permanent', () => {
    expect(sentence({ durationMinutes: 1 })).toContain('لمدة دقيقة واحدة');
    expect(sentence({ durationMinutes: 2 })).toContain('لمدة دقيقتين');
    expect(sentence({ durationMinutes: 5 })).toContain('لمدة 5 دقائق');
    expect(sentence({ action: 'ban', durationMinutes: 2880 })).toBe('حظر المشرف سامي المستخدم علي لمدة يومين');
    expect(sentence({ action: 'block', durationMinutes: null })).toBe('حظر المشرف سامي المستخدم علي نهائياً');
  });

  it('adds a reason only when one was given', () => {
    expect(sentence({ reason: 'إزعاج' })).toBe('طرد المشرف سامي المستخدم علي لمدة 15 دقيقة، السبب: إزعاج');
    expect(sentence({ reason: '  ' })).not.toContain('السبب');
  });

  it('keeps names apart for <bdi>, so a Latin name cannot reorder the Arabic', () => {
    const names = moderationNoticeParts({ ...base, targetName: 'Spammer_99' }).filter((p) => 'name' in p);
    expect(names).toEqual([{ name: 'سامي' }, { name: 'Spammer_99' }]);
    expect(isolate('Ali')).toBe('\u2068Ali\u2069');
  });

  it('turns the nominative dual into the genitive after a preposition', () => {
    expect(durationAfterPreposition(2)).toBe('دقيقتين');
    expect(durationAfterPreposition(120)).toBe('ساعتين');
    expect(durationAfterPreposition(15)).toBe('15 دقيقة');
    expect(timeLeftAfterPreposition(2)).toBe('ثانيتين');
    expect(timeLeftAfterPreposition(150)).toBe('3 دقائق');
  });
});
