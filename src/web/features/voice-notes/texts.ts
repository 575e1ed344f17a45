/** Voice notes (الرسائل الصوتية): recording in the composers and playing in the lists, in Arabic. */
export const VOICE_NOTE_TEXTS = {
  record: 'تسجيل رسالة صوتية',
  /** What speaks to the reader has both forms, chosen with `byGender` (shared/arabic/grammar.ts). */
  recordHint: {
    male: 'اضغط مطوّلاً للتسجيل وأفلت للإرسال، أو اضغط مرة لبدء التسجيل',
    female: 'اضغطي مطوّلاً للتسجيل وأفلتي للإرسال، أو اضغطي مرة لبدء التسجيل',
  },
  recording: 'جارٍ التسجيل',
  send: 'إرسال الرسالة الصوتية',
  cancel: 'إلغاء التسجيل',
  slideToCancel: { male: 'اسحب بعيداً للإلغاء', female: 'اسحبي بعيداً للإلغاء' },
  sending: 'جارٍ إرسال الرسالة الصوتية',
  level: 'مستوى الصوت',
  microphoneDenied: {
    male: 'لم يُسمح باستخدام الميكروفون؛ اسمح به من إعدادات المتصفح ثم أعد المحاولة',
    female: 'لم يُسمح باستخدام الميكروفون؛ اسمحي به من إعدادات المتصفح ثم أعيدي المحاولة',
  },
  microphoneMissing: 'لا يوجد ميكروفون متاح على هذا الجهاز',
  tooShort: { male: 'التسجيل قصير جداً؛ اضغط مطوّلاً وتحدّث', female: 'التسجيل قصير جداً؛ اضغطي مطوّلاً وتحدّثي' },
  play: 'تشغيل الرسالة الصوتية',
  pause: 'إيقاف الرسالة الصوتية مؤقتاً',
  seek: 'موضع التشغيل',
  speed: (rate: string) => `سرعة التشغيل ${rate}`,
  voiceNote: 'رسالة صوتية',
  voiceNoteFrom: (name: string) => `رسالة صوتية من \u2068${name}\u2069`,
  preview: '🎤 رسالة صوتية',
  guestsSetting: 'الرسائل الصوتية للزوار',
  guestsSettingHint: 'يرسل الأعضاء رسائل صوتية دائماً؛ وعند التفعيل يرسلها الزوار أيضاً',
  settingsSection: 'الرسائل الصوتية',
} as const;
