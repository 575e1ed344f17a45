import { timeLeftText } from '../arabic/grammar';
import { USERNAME_ERRORS } from './username-errors';
import { ACCOUNT_ERRORS } from './account-errors';

/**
 * Every refusal the server can give, with its Arabic text. The server sends both the code and
 * the text; clients show the text and branch on the code.
 */
export const ERROR_MESSAGES = {
  VALIDATION_ERROR: 'بيانات غير صالحة',
  UNAUTHORIZED: 'يجب تسجيل الدخول أولاً',
  FORBIDDEN: 'ليس لديك صلاحية لتنفيذ هذا الإجراء',
  NOT_FOUND: 'المورد المطلوب غير موجود',
  RATE_LIMITED: 'طلبات كثيرة جداً، يرجى الانتظار قليلاً ثم المحاولة مجدداً',
  LOGIN_BACKOFF: 'محاولات دخول خاطئة كثيرة لهذا الحساب، انتظر قليلاً ثم أعد المحاولة',
  INTERNAL: 'خطأ في الخادم - حاول لاحقاً',
  SERVICE_UNAVAILABLE: 'الخدمة غير متاحة - حاول لاحقاً',

  ...USERNAME_ERRORS,
  ...ACCOUNT_ERRORS,
  PASSWORD_TOO_SHORT: 'كلمة المرور قصيرة جداً: 6 أحرف على الأقل',
  PASSWORD_TOO_LONG: 'كلمة المرور طويلة جداً: 128 حرفاً على الأكثر',
  INVALID_CREDENTIALS: 'اسم المستخدم أو كلمة المرور غير صحيحة',
  AGE_INVALID: 'العمر يجب أن يكون بين 18 و99 عاماً',
  GENDER_INVALID: 'قيمة الجنس غير صالحة',
  COUNTRY_INVALID: 'الدولة غير معروفة',
  DEVICE_ID_INVALID: 'معرّف الجهاز غير صالح',

  AUTH_MISMATCH: 'بيانات الجلسة لا تطابق المستخدم المتصل',
  ROOM_NOT_FOUND: 'الغرفة غير موجودة',
  ROOM_LOCKED: 'غرفة مقفلة: هذه الغرفة مقفلة ولا يمكن دخولها',
  ROOM_NOT_JOINED: 'ادخل الغرفة أولاً قبل إرسال الرسائل',
  JOIN_TOO_FAST: 'تمهّل قليلاً قبل الانتقال إلى غرفة أخرى',
  MESSAGE_EMPTY: 'لا يمكن إرسال رسالة فارغة',
  MESSAGE_TOO_LONG: 'الرسالة طويلة جداً: 1000 حرف على الأكثر',
  MESSAGE_RATE_LIMITED: 'أنت ترسل بسرعة كبيرة، انتظر لحظة ثم أعد المحاولة',
  USER_NOT_FOUND: 'المستخدم غير موجود',
  SEARCH_QUERY_TOO_SHORT: 'اكتب حرفين على الأقل للبحث',
  SEARCH_QUERY_TOO_LONG: 'عبارة البحث طويلة جداً: 100 حرف على الأكثر',

  // Hostile or malformed input (checked before anything reaches the database).
  INVALID_CHARACTERS: 'البيانات تحتوي على محارف غير مسموح بها',
  NOTHING_TO_UPDATE: 'لا توجد تغييرات لحفظها',
  FORBIDDEN_ORIGIN: 'طُلب هذا الإجراء من موقع آخر فرُفض',
  TOO_MANY_CONNECTIONS: 'لديك نوافذ مفتوحة كثيرة؛ أغلق بعضها ثم أعد المحاولة',
  CLIENT_OUTDATED: 'نسخة الصفحة لديك قديمة؛ أعد تحميل الصفحة للمتابعة',

  // Permissions (the policy module's refusals).
  ROOM_DEFAULT: 'لا يمكن حذف الغرف الأساسية',
  CHAT_LOCKED: 'الكتابة في هذه الغرفة مقفلة الآن إلا للمشرفين',
  CHAT_LOCKED_VISITORS: 'الكتابة في هذه الغرفة للأعضاء فقط؛ سجّل عضوية لتشارك',
  CANNOT_TARGET_SELF: 'لا يمكنك تنفيذ هذا الإجراء على نفسك',
  TARGET_IS_OWNER: 'لا يمكن تنفيذ أي إجراء على مالك الموقع',
  TARGET_OUTRANKS: 'لا يمكنك تنفيذ هذا الإجراء على من هو في رتبتك أو أعلى منها',
  ROLE_NOT_ALLOWED: 'لا يمكنك منح هذه الرتبة',
  ROLE_NEEDS_MEMBER: 'الزائر لا يُرقّى؛ يجب أن يكون عضواً مسجّلاً',

  // Sanctions, as the sanctioned person hears them (timeLeft says for how long).
  BANNED: 'أنت ممنوع من دخول الدردشة مؤقتاً؛ يمكنك العودة بعد انتهاء المدة',
  BLOCKED: 'تم حظر حسابك من الدردشة نهائياً',
  DEVICE_BLOCKED: 'تم حظر هذا الجهاز من الدردشة',
  MUTED: 'أنت مكتوم الآن: تقرأ الرسائل ولا يمكنك الكتابة حتى تنتهي المدة',

  // Moderation and reports.
  DURATION_INVALID: 'المدة يجب أن تكون بين دقيقة واحدة و30 يوماً',
  REASON_TOO_LONG: 'السبب طويل جداً: 300 حرف على الأكثر',
  SANCTION_NOT_FOUND: 'لا توجد عقوبة سارية من هذا النوع على هذا المستخدم',
  MESSAGE_NOT_FOUND: 'الرسالة غير موجودة',
  MESSAGE_NOT_YOURS: 'لا يمكنك تعديل إلا رسائلك أنت',
  MESSAGE_EDIT_EXPIRED: 'انتهت مهلة التعديل: تُعدَّل الرسالة خلال 15 دقيقة من إرسالها',
  MESSAGE_NOT_EDITABLE: 'لا تُعدَّل إلا الرسائل النصية',
  REPORT_TARGET_REQUIRED: 'حدّد الرسالة أو الشخص الذي تبلّغ عنه',
  REPORT_REASON_REQUIRED: 'اكتب سبب البلاغ',
  REPORT_NOT_FOUND: 'البلاغ غير موجود',
  REPORT_ALREADY_HANDLED: 'تمت معالجة هذا البلاغ من قبل',
  REPORT_RATE_LIMITED: 'أرسلت بلاغات كثيرة في وقت قصير، انتظر قليلاً ثم أعد المحاولة',
  FRIEND_REQUEST_RATE_LIMITED: 'أرسلت طلبات صداقة كثيرة في وقت قصير، انتظر قليلاً ثم أعد المحاولة',
  THEME_INVALID: 'السمة غير معروفة',
  WORD_INVALID: 'الكلمة غير صالحة: من حرفين إلى 50 حرفاً',

  // Abuse filters.
  MESSAGE_BLOCKED_WORD: 'رسالتك تحتوي على كلمة غير مسموح بها',
  NAME_BLOCKED_WORD: 'هذا الاسم يحتوي على كلمة غير مسموح بها',
  MESSAGE_REPEATED: 'لا ترسل الرسالة نفسها مرات متتالية',
  ROOM_BLOCKED_WORD: 'اسم الغرفة أو وصفها يحتوي على كلمة غير مسموح بها',

  // Private messages.
  PRIVATE_MESSAGES_CLOSED: 'هذا الشخص لا يستقبل رسائل خاصة',
  PRIVATE_MESSAGES_FRIENDS_ONLY: 'هذا الشخص يستقبل الرسائل الخاصة من أصدقائه فقط',
  CONVERSATION_NOT_YOURS: 'لا يمكنك الاطلاع إلا على محادثاتك أنت',
  FRIEND_REQUEST_NOT_FOUND: 'طلب الصداقة غير موجود',
  NOT_FRIENDS: 'لستما صديقين',
  ALREADY_FRIENDS: 'أنتما صديقان بالفعل',
  IGNORE_NOT_YOURS: 'لا يمكنك إدارة إلا قائمة التجاهل الخاصة بك',
  CLIENT_MESSAGE_ID_REUSED: 'معرّف الرسالة مستخدم لرسالة أخرى؛ أعد الإرسال',

  // Rooms.
  ROOM_NAME_REQUIRED: 'اكتب اسم الغرفة',
  ROOM_NAME_TOO_LONG: 'اسم الغرفة طويل جداً: 40 حرفاً على الأكثر',
  ROOM_DESCRIPTION_TOO_LONG: 'الوصف طويل جداً: 200 حرف على الأكثر',
  ROOM_TEXT_TOO_LONG: 'النص طويل جداً: 500 حرف على الأكثر',
  PINS_FULL: 'ثُبّتت 3 رسائل في هذه الغرفة؛ أزل تثبيت إحداها أولاً',
  MESSAGE_NOT_IN_ROOM: 'هذه الرسالة ليست من رسائل هذه الغرفة',
  SLOW_MODE_INVALID: 'مدة الوضع البطيء بين 0 و300 ثانية',
  SLOW_MODE: 'هذه الغرفة في الوضع البطيء: رسالة واحدة كل فترة؛ انتظر قليلاً ثم أعد المحاولة',
  IMAGE_INVALID: 'الملف ليس صورة صالحة',
  IMAGE_TOO_LARGE: 'الملف كبير جداً - اختر ملفاً أصغر',

  // Pictures in messages.
  IMAGE_DIMENSIONS_TOO_LARGE: 'أبعاد الصورة كبيرة جداً - اختر صورة أصغر',
  IMAGE_NOT_FOUND: 'الصورة غير موجودة؛ أعد رفعها',
  IMAGE_NOT_YOURS: 'لا يمكنك إرسال صورة رفعها شخص آخر',
  IMAGE_UPLOAD_RATE_LIMITED: 'رفعت صوراً كثيرة في وقت قصير، انتظر قليلاً ثم أعد المحاولة',

  // Voice rooms (spec §8 "Voice").
  VOICE_SIGN_IN: 'الغرف الصوتية للأعضاء المسجّلين؛ سجّل الدخول بحسابك لتنضم',
  VOICE_NOT_AVAILABLE: 'لا توجد جلسة صوتية في هذه الغرفة',
  VOICE_NOT_JOINED: 'لا يوجد اتصال صوتي نشط',
  VOICE_NOT_IN_QUEUE: 'هذا الشخص لم يطلب المايك',
  VOICE_NOT_SPEAKER: 'هذا الشخص ليس من المتحدثين',
  VOICE_SPEAKERS_FULL: 'اكتمل عدد المتحدثين؛ أنزل أحدهم أولاً',
  VOICE_TARGET_ABSENT: 'هذا الشخص ليس في الجلسة الصوتية',

  // Walls (issue 21).
  WALL_MEMBERS_ONLY: 'النشر على الحوائط للأعضاء المسجّلين؛ سجّل عضويتك لتشارك',
  WALL_TYPE_INVALID: 'الحائط غير معروف',
  WALL_POST_NOT_FOUND: 'المنشور غير موجود',
  WALL_COMMENT_NOT_FOUND: 'التعليق غير موجود',
  WALL_POST_EMPTY: 'اكتب شيئاً أو أرفق صورة',
  WALL_POST_TOO_LONG: 'المنشور طويل جداً: 500 حرف على الأكثر',
  WALL_COMMENT_EMPTY: 'لا يمكن إرسال تعليق فارغ',
  WALL_COMMENT_TOO_LONG: 'التعليق طويل جداً: 300 حرف على الأكثر',
  IMAGE_ALREADY_USED: 'هذه الصورة مستخدمة في مكان آخر؛ ارفعها من جديد',
  // Stories (الحالات).
  STORY_SIGN_IN: 'نشر الحالات للأعضاء المسجّلين؛ سجّل عضوية لتنشر حالتك',
  STORY_NOT_FOUND: 'الحالة غير موجودة أو انتهت مدتها',
  STORY_CONTENT_REQUIRED: 'اختر صورة أو اكتب نص الحالة',
  STORY_ONE_KIND: 'الحالة إما صورة مع تعليق وإما نص على خلفية، لا الاثنان معاً',
  STORY_CAPTION_TOO_LONG: 'التعليق طويل جداً: 200 حرف على الأكثر',
  STORY_TEXT_TOO_LONG: 'نص الحالة طويل جداً: 300 حرف على الأكثر',
  STORY_BACKGROUND_INVALID: 'الخلفية غير معروفة',
  STORY_OWN: 'لا يمكنك الرد على حالتك أو التفاعل معها',
  STORY_VIEWS_AUTHOR_ONLY: 'قائمة المشاهدين لصاحب الحالة وحده',
  STORY_LIMIT_REACHED: 'لديك حالات كثيرة الآن؛ انتظر حتى تنتهي إحداها أو احذفها',
  // Notifications when no tab is open (issue 22 §6).
  PUSH_SUBSCRIPTION_INVALID: 'اشتراك الإشعارات غير صالح',
  PUSH_ENDPOINT_REFUSED: 'عنوان خدمة الإشعارات غير مقبول؛ يجب أن يكون عنواناً عاماً آمناً (https)',
  PUSH_TOO_MANY_DEVICES: 'فعّلت الإشعارات على أجهزة كثيرة؛ أوقفها على جهاز قديم أولاً',
  // Voice notes (الرسائل الصوتية).
  VOICE_NOTE_SIGN_IN: 'الرسائل الصوتية للأعضاء المسجّلين؛ سجّل عضوية لترسل رسالة صوتية',
  VOICE_NOTE_INVALID: 'الملف ليس تسجيلاً صوتياً صالحاً',
  VOICE_NOTE_TYPE_MISMATCH: 'نوع الملف المعلَن لا يطابق محتواه؛ أرسل تسجيلاً صوتياً صحيحاً',
  VOICE_NOTE_TOO_LONG: 'الرسالة الصوتية طويلة جداً: دقيقة واحدة على الأكثر',
  VOICE_NOTE_TOO_SHORT: 'الرسالة الصوتية قصيرة جداً؛ اضغط مطوّلاً وتحدّث',
  VOICE_NOTE_NOT_FOUND: 'الرسالة الصوتية غير موجودة؛ سجّلها من جديد',
  VOICE_NOTE_NOT_YOURS: 'لا يمكنك إرسال تسجيل صوتي رفعه شخص آخر',
  VOICE_NOTE_ALREADY_SENT: 'أُرسل هذا التسجيل من قبل؛ سجّل رسالة جديدة',
  VOICE_NOTE_RATE_LIMITED: 'سجّلت رسائل صوتية كثيرة في وقت قصير، انتظر قليلاً ثم أعد المحاولة',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * Refusals that pass on their own within seconds or minutes (flood control, the report limit).
 * With the seconds left, their text says when to try again instead of "wait a little".
 */
export const RETRY_LEADS: Partial<Record<ErrorCode, string>> = {
  MESSAGE_RATE_LIMITED: 'أنت ترسل بسرعة كبيرة',
  MESSAGE_REPEATED: 'لا ترسل الرسالة نفسها مرات متتالية',
  REPORT_RATE_LIMITED: 'أرسلت بلاغات كثيرة في وقت قصير',
  SLOW_MODE: 'هذه الغرفة في الوضع البطيء',
  LOGIN_BACKOFF: 'محاولات دخول خاطئة كثيرة لهذا الحساب',
  FRIEND_REQUEST_RATE_LIMITED: 'أرسلت طلبات صداقة كثيرة في وقت قصير',
};

/** What follows a retry lead, before the time left (errors-feminine.ts has the feminine). */
export const RETRY_TAIL = 'أعد المحاولة بعد';

/** The Arabic text of a refusal: "أنت ترسل بسرعة كبيرة؛ أعد المحاولة بعد ثانيتين" when it says when. */
export function errorText(code: ErrorCode, timeLeft?: number): string {
  const lead = RETRY_LEADS[code];
  if (!lead || timeLeft === undefined || !(timeLeft > 0)) return ERROR_MESSAGES[code];
  return `${lead}؛ ${RETRY_TAIL} ${timeLeftText(timeLeft, 'oblique')}`;
}

/**
 * The socket's refusal of a join into a locked room: the spec's toast (§4 "Room lock") followed by
 * the word 'locked', which clients written to spec §4 ("a room error message containing 'locked'
 * raises a room-lock error event") look for. Our own client branches on the code.
 */
export const ROOM_LOCKED_JOIN_MESSAGE = `${ERROR_MESSAGES.ROOM_LOCKED} (room locked)`;

export { errorBodySchema, type ErrorBody } from './error-body';

/** Turns the first issue of a failed zod parse into one of our codes, when the schema named one. */
export function firstIssueCode(error: { issues: readonly { message: string }[] }): ErrorCode {
  const message = error.issues[0]?.message;
  if (message && message in ERROR_MESSAGES) return message as ErrorCode;
  return 'VALIDATION_ERROR';
}
