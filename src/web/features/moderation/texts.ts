import { countOf, durationText, byGender, NOUNS } from '../../../shared/arabic/grammar';
import type { LoggedAction } from '../../../shared/entities/moderation';
import type { SanctionKind } from '../../../shared/policy';
import { durationAfterPreposition, isolate, REPORT_NOUN, timeLeftAfterPreposition } from './arabic';
import type { CardAction } from './card-actions';

/** Moderation texts (user card, slash commands, moderation panel, muted composer), in Arabic. */
export const MODERATION_TEXTS = {
  // ---- user card ----
  cardTitle: (name: string) => `بطاقة ${isolate(name)}`,
  actions: 'الإجراءات',
  noActions: 'لا توجد إجراءات متاحة لك على هذا المستخدم',
  yourself: 'هذا أنت',
  messageLabel: 'الرسالة',
  action: {
    kick: 'طرد',
    mute: 'كتم',
    unmute: 'رفع الكتم',
    ban: 'حظر مؤقت',
    block: 'حظر نهائي',
    report: 'إبلاغ عن المستخدم',
    deleteMessage: 'حذف الرسالة',
    reportMessage: 'إبلاغ عن الرسالة',
    makeModerator: 'ترقية إلى مشرف',
    makeMember: 'إعادة إلى عضو',
  } satisfies Record<CardAction, string>,
  actionHint: {
    kick: 'يُخرج من الدردشة ولا يعود حتى تنتهي المدة',
    mute: 'يبقى في الغرفة ويقرأ لكنه لا يستطيع الكتابة',
    unmute: 'يعود إلى الكتابة فوراً',
    ban: 'يُمنع الحساب والجهاز من الدخول طوال المدة',
    block: 'يُمنع الحساب والجهاز من الدخول حتى يرفعه مدير',
    report: 'يصل البلاغ إلى المشرفين',
    deleteMessage: 'تختفي الرسالة من الغرفة عند الجميع',
    reportMessage: 'يصل نص الرسالة مع بلاغك إلى المشرفين',
    makeModerator: 'يستطيع الطرد والكتم ومراجعة البلاغات',
    makeMember: 'تُسحب منه صلاحيات الإشراف',
  } satisfies Record<CardAction, string>,
  duration: 'المدة',
  reason: 'السبب (اختياري)',
  reasonPlaceholder: 'سبب يظهر للمستخدم',
  reportReason: 'سبب البلاغ',
  reportPlaceholder: 'صف المشكلة باختصار',
  charCount: (used: number, max: number) => `${used}/${max}`,
  includeAddress: 'امنع أيضاً عنوان الإنترنت الحالي',
  includeAddressHint:
    'يُمنع كل من يتصل من العنوان نفسه. شركات الجوال تشارك العنوان الواحد بين مستخدمين كثيرين، فلا تستعمله إلا عند الضرورة.',
  confirmBlock: (name: string, gender: string | null | undefined) =>
    `${byGender(gender, { male: 'هل أنت متأكد', female: 'هل أنتِ متأكدة' })} من حظر ${isolate(name)} نهائياً؟`,
  confirmBlockHint: 'لا يُرفع الحظر النهائي إلا بقرار من مدير أو من المالك.',
  confirmBlockYes: 'نعم، احظر نهائياً',
  confirmDelete: 'حذف هذه الرسالة من الغرفة؟ لا يمكن التراجع عن ذلك.',
  submit: {
    kick: 'طرد',
    mute: 'كتم',
    unmute: 'رفع الكتم',
    ban: 'حظر',
    block: 'متابعة',
    report: 'إرسال البلاغ',
    deleteMessage: 'حذف',
    reportMessage: 'إرسال البلاغ',
    makeModerator: 'ترقية',
    makeMember: 'إعادة إلى عضو',
  } satisfies Record<CardAction, string>,
  /** «اجعل هدى مشرفة؟»: the role in the person's gender. */
  confirmRole: (name: string, gender: string | null | undefined, role: 'moderator' | 'member') =>
    role === 'moderator'
      ? `ترقية ${isolate(name)} إلى ${byGender(gender, { male: 'مشرف', female: 'مشرفة' })}؟`
      : `سحب الإشراف من ${isolate(name)} ${byGender(gender, { male: 'وإعادته', female: 'وإعادتها' })} إلى ${byGender(gender, { male: 'عضو', female: 'عضوة' })}؟`,
  back: 'رجوع',
  cancel: 'إلغاء',
  close: 'إغلاق',
  working: 'جاري التنفيذ...',

  // ---- results (toasts: plain text, names isolated) ----
  done: {
    kick: (name: string, minutes: number) => `تم طرد ${isolate(name)} لمدة ${durationAfterPreposition(minutes)}`,
    mute: (name: string, minutes: number) => `تم كتم ${isolate(name)} لمدة ${durationAfterPreposition(minutes)}`,
    ban: (name: string, minutes: number) => `تم حظر ${isolate(name)} لمدة ${durationAfterPreposition(minutes)}`,
    block: (name: string) => `تم حظر ${isolate(name)} نهائياً`,
    unmute: (name: string) => `تم رفع الكتم عن ${isolate(name)}`,
    lifted: (name: string) => `رُفعت العقوبة عن ${isolate(name)}`,
    report: 'وصل بلاغك إلى المشرفين، شكراً لك',
    deleteMessage: 'حُذفت الرسالة',
    role: (name: string, role: string) => `أصبحت رتبة ${isolate(name)}: ${role}`,
    reportClosed: 'أُغلق البلاغ وأُبلغ صاحبه بالنتيجة',
    words: 'حُفظت قائمة الكلمات',
  },

  // ---- muted composer ----
  /** 'أنت مكتوم حتى 14:30' / 'أنتِ مكتومة حتى 14:30', agreeing with the reader. */
  mutedUntil: (gender: string | null | undefined, when: string) =>
    `${byGender(gender, { male: 'أنت مكتوم', female: 'أنتِ مكتومة' })} حتى ${when}`,
  mutedHint: (gender: string | null | undefined) =>
    `${byGender(gender, { male: 'تستطيع', female: 'تستطيعين' })} قراءة الرسائل، والكتابة تعود تلقائياً عند انتهاء المدة.`,

  // ---- slash commands ----
  slash: {
    unknownCommand: (command: string) =>
      `الأمر ${isolate(`/${command}`)} غير معروف. الأوامر المتاحة: /kick و/mute و/ban و/unmute`,
    missingName: (command: string) => `اكتب اسم المستخدم بعد الأمر، مثلاً: ${isolate(`/${command} علي 10 السبب`)}`,
    unknownName: (name: string) => `لا يوجد في الغرفة متصل باسم «${isolate(name)}»`,
    unclosedQuote: 'أغلق علامة التنصيص حول الاسم',
    hint: 'أوامر المشرفين: /kick الاسم المدة السبب، ‏/mute، ‏/ban، ‏/unmute الاسم',
  },

  // ---- moderation panel ----
  panelTitle: 'لوحة الإشراف',
  openPanel: 'لوحة الإشراف',
  openPanelWithReports: (n: number) => `لوحة الإشراف، ${countOf(n, REPORT_NOUN)} بانتظار المراجعة`,
  tabsLabel: 'أقسام لوحة الإشراف',
  tab: {
    online: 'المتصلون',
    sanctions: 'العقوبات السارية',
    log: 'السجل',
    reports: 'البلاغات',
    words: 'الكلمات المحظورة',
    roles: 'الرتب',
  },
  loading: 'جاري التحميل...',
  loadFailed: 'تعذّر التحميل',
  retry: 'إعادة المحاولة',
  refresh: 'تحديث',
  inRoom: (room: string) => `في ${isolate(room)}`,
  searchByName: 'ابحث بالاسم',
  onlineEmpty: 'لا يوجد أحد متصل الآن',
  noMatch: 'لا توجد نتائج مطابقة',
  peopleCount: (n: number) => countOf(n, NOUNS.online),
  moreActions: (name: string) => `كل الإجراءات على ${isolate(name)}`,

  sanctionsEmpty: 'لا توجد عقوبات سارية',
  kind: { kick: 'طرد', mute: 'كتم', ban: 'حظر مؤقت', block: 'حظر نهائي' } satisfies Record<SanctionKind, string>,
  lift: { kick: 'إلغاء الطرد', mute: 'رفع الكتم', ban: 'رفع الحظر', block: 'رفع الحظر النهائي' } satisfies Record<
    SanctionKind,
    string
  >,
  liftLabel: (kind: string, name: string) => `${kind}: ${isolate(name)}`,
  by: 'بواسطة',
  endsIn: (seconds: number) => `ينتهي بعد ${timeLeftAfterPreposition(seconds)}`,
  permanent: 'دائم',
  byAddress: 'يشمل عنوان الإنترنت',

  logEmpty: 'لا توجد إدخالات في السجل',
  earlierText: 'النص قبل الإجراء:',
  logAction: 'الإجراء',
  allActions: 'كل الإجراءات',
  logFor: (name: string) => `سجل ${isolate(name)}`,
  showAll: 'إظهار الجميع',
  loadMore: 'تحميل المزيد',
  filterByPerson: (name: string) => `عرض سجل ${isolate(name)}`,
  logged: {
    kick: 'طرد',
    mute: 'كتم',
    ban: 'حظر مؤقت',
    block: 'حظر نهائي',
    unmute: 'رفع الكتم',
    unban: 'رفع الحظر',
    unblock: 'رفع الحظر النهائي',
    unkick: 'إلغاء الطرد',
    deleteMessage: 'حذف رسالة',
    editMessage: 'تعديل رسالة',
    deleteWallPost: 'حذف منشور من الحائط',
    deleteWallComment: 'حذف تعليق من الحائط',
    deleteStory: 'حذف حالة',
    setRole: 'تغيير رتبة',
    editProfile: 'تعديل ملف مستخدم',
    lockRoom: 'قفل غرفة',
    unlockRoom: 'فتح غرفة',
    chatLock: 'قفل الكتابة',
    createRoom: 'إنشاء غرفة',
    deleteRoom: 'حذف غرفة',
    roomIcon: 'تغيير صورة غرفة',
    pinMessage: 'تثبيت رسالة',
    unpinMessage: 'إلغاء تثبيت رسالة',
    roomAnnouncement: 'تغيير إعلان غرفة',
    roomWelcome: 'تغيير رسالة الترحيب',
    slowMode: 'الوضع البطيء',
    wordFilter: 'تعديل الكلمات المحظورة',
    report: 'معالجة بلاغ',
  } satisfies Record<LoggedAction, string>,
  forDuration: (minutes: number) => `لمدة ${durationAfterPreposition(minutes)}`,

  reportStatus: { open: 'مفتوحة', actioned: 'عولجت', dismissed: 'رُفضت' },
  reportsEmpty: 'لا توجد بلاغات هنا',
  reportFrom: 'من',
  reportAbout: 'عن',
  aMessage: 'رسالة',
  act: 'اتخاذ إجراء',
  closeReport: 'إغلاق البلاغ',
  outcome: 'ما يُقال للمبلّغ (اختياري)',
  outcomePlaceholder: 'مثلاً: تم كتم المستخدم',
  actioned: 'تمت المعالجة',
  dismiss: 'رفض البلاغ',
  handledBy: (name: string) => `عالجه ${isolate(name)}`,

  wordsHint:
    'تُطابَق الكلمة كاملة بعد توحيد أشكال الحروف وحذف التشكيل والتطويل والحروف المكررة، فلا تتأثر الكلمات التي تحتويها.',
  wordsEmpty: 'القائمة فارغة: لا تُفلتر أي كلمة',
  word: 'الكلمة',
  wordAction: 'الإجراء',
  wordActions: { mask: 'إخفاء بنجوم', block: 'منع الرسالة', flag: 'تنبيه المشرفين' },
  addWord: 'إضافة',
  removeWord: (word: string) => `حذف ${isolate(word)}`,
  saveWords: 'حفظ التغييرات',
  unsaved: 'تغييرات غير محفوظة',
  duplicateWord: 'الكلمة موجودة في القائمة',
  wordCount: (n: number) =>
    countOf(n, { one: 'كلمة واحدة', two: 'كلمتان', twoOblique: 'كلمتين', few: 'كلمات', many: 'كلمة' }),

  rolesHint: 'ابحث عن عضو من المتصلين الآن أو ممن ظهروا في السجل، بالاسم أو بالرقم.',
  roleSearch: 'الاسم أو الرقم',
  roleCandidates: 'النتائج',
  currentRole: 'الرتبة الحالية',
  unknownRole: 'غير معروفة',
  newRole: 'الرتبة الجديدة',
  saveRole: 'حفظ الرتبة',
  idLabel: (id: number) => `رقم ${id}`,
  searchFirst: 'اكتب حرفين على الأقل من الاسم، أو رقم العضو',
} as const;

/** A preset's label: "5 دقائق", "ساعة واحدة", "يوم واحد". */
export const presetLabel = (minutes: number) => durationText(minutes);
