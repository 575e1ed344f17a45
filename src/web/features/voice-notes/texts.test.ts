import { describe, expect, it } from 'vitest';
import { byGender } from '../../../shared/arabic/grammar';
import { VOICE_NOTE_TEXTS } from './texts';

describe('voice note texts', () => {
  it('speak to a woman in the feminine and to a man in the masculine', () => {
    expect(byGender('أنثى', VOICE_NOTE_TEXTS.tooShort)).toBe('التسجيل قصير جداً؛ اضغطي مطوّلاً وتحدّثي');
    expect(byGender('ذكر', VOICE_NOTE_TEXTS.tooShort)).toBe('التسجيل قصير جداً؛ اضغط مطوّلاً وتحدّث');
    for (const forms of [
      VOICE_NOTE_TEXTS.recordHint,
      VOICE_NOTE_TEXTS.slideToCancel,
      VOICE_NOTE_TEXTS.microphoneDenied,
      VOICE_NOTE_TEXTS.tooShort,
    ])
      expect(forms.female).not.toBe(forms.male);
  });

  it('isolate a sender name in its own direction', () => {
    expect(VOICE_NOTE_TEXTS.voiceNoteFrom('Sam')).toBe('رسالة صوتية من \u2068Sam\u2069');
  });
});
