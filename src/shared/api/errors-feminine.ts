import { byGender } from '../arabic/grammar';
import { ERROR_MESSAGES, errorText, RETRY_LEADS, RETRY_TAIL, type ErrorCode } from './errors';

/**
 * The refusals that speak to the reader (you are muted, wait, choose…), for a woman reading them:
 * the catalogue (errors.ts) is what the server sends, in the masculine that Arabic uses when it
 * does not know who reads. Clients, which know, show these instead (`forReader`).
 */
export const FEMININE_ERRORS: Partial<Record<ErrorCode, string>> = {
  INTERNAL: 'خطأ في الخادم - حاولي لاحقاً',
  SERVICE_UNAVAILABLE: 'الخدمة غير متاحة - حاولي لاحقاً',
  USERNAME_RESERVED: 'هذا الاسم محجوز، اختاري اسماً آخر',
  USERNAME_MEMBER_TAKEN: 'هذا الاسم مسجّل لعضو، اختاري اسماً آخر أو سجّلي الدخول إن كان حسابك',
  USERNAME_ONLINE_TAKEN: 'هذا الاسم مستخدم الآن من زائر متصل، اختاري اسماً آخر',
  USERNAME_TAKEN: 'هذا الاسم مسجّل مسبقاً، اختاري اسماً آخر',
  PASSWORD_REQUIRED: 'اكتبي كلمة المرور للتأكيد',
  GUEST_ONLY: 'هذا الإجراء متاح للأعضاء المسجّلين فقط؛ سجّلي حسابك أولاً',
  OWN_ACCOUNT_ONLY: 'لا يمكنك تنفيذ هذا الإجراء إلا على حسابك أنتِ',
  ROOM_NOT_JOINED: 'ادخلي الغرفة أولاً قبل إرسال الرسائل',
  JOIN_TOO_FAST: 'تمهّلي قليلاً قبل الانتقال إلى غرفة أخرى',
  MESSAGE_RATE_LIMITED: 'أنتِ ترسلين بسرعة كبيرة، انتظري لحظة ثم أعيدي المحاولة',
  TOO_MANY_CONNECTIONS: 'لديك نوافذ مفتوحة كثيرة؛ أغلقي بعضها ثم أعيدي المحاولة',
  CLIENT_OUTDATED: 'نسخة الصفحة لديك قديمة؛ أعيدي تحميل الصفحة للمتابعة',
  CHAT_LOCKED_VISITORS: 'الكتابة في هذه الغرفة للأعضاء فقط؛ سجّلي عضوية لتشاركي',
  BANNED: 'أنتِ ممنوعة من دخول الدردشة مؤقتاً؛ يمكنك العودة بعد انتهاء المدة',
  MUTED: 'أنتِ مكتومة الآن: تقرئين الرسائل ولا يمكنك الكتابة حتى تنتهي المدة',
  REPORT_TARGET_REQUIRED: 'حدّدي الرسالة أو الشخص الذي تبلّغين عنه',
  REPORT_REASON_REQUIRED: 'اكتبي سبب البلاغ',
  REPORT_RATE_LIMITED: 'أرسلتِ بلاغات كثيرة في وقت قصير، انتظري قليلاً ثم أعيدي المحاولة',
  LOGIN_BACKOFF: 'محاولات دخول خاطئة كثيرة لهذا الحساب، انتظري قليلاً ثم أعيدي المحاولة',
  SEARCH_QUERY_TOO_SHORT: 'اكتبي حرفين على الأقل للبحث',
  FRIEND_REQUEST_RATE_LIMITED: 'أرسلتِ طلبات صداقة كثيرة في وقت قصير، انتظري قليلاً ثم أعيدي المحاولة',
  MESSAGE_REPEATED: 'لا ترسلي الرسالة نفسها مرات متتالية',
  CONVERSATION_NOT_YOURS: 'لا يمكنك الاطلاع إلا على محادثاتك أنتِ',
  MESSAGE_NOT_YOURS: 'لا يمكنك تعديل إلا رسائلك أنتِ',
  SLOW_MODE: 'هذه الغرفة في الوضع البطيء: رسالة واحدة كل فترة؛ انتظري قليلاً ثم أعيدي المحاولة',
  CLIENT_MESSAGE_ID_REUSED: 'معرّف الرسالة مستخدم لرسالة أخرى؛ أعيدي الإرسال',
  ROOM_NAME_REQUIRED: 'اكتبي اسم الغرفة',
  IMAGE_TOO_LARGE: 'الملف كبير جداً - اختاري ملفاً أصغر',
  IMAGE_DIMENSIONS_TOO_LARGE: 'أبعاد الصورة كبيرة جداً - اختاري صورة أصغر',
  IMAGE_NOT_FOUND: 'الصورة غير موجودة؛ أعيدي رفعها',
  IMAGE_UPLOAD_RATE_LIMITED: 'رفعتِ صوراً كثيرة في وقت قصير، انتظري قليلاً ثم أعيدي المحاولة',
  VOICE_SIGN_IN: 'الغرف الصوتية للأعضاء المسجّلين؛ سجّلي الدخول بحسابك لتنضمي',
  VOICE_SPEAKERS_FULL: 'اكتمل عدد المتحدثين؛ أنزلي أحدهم أولاً',
  WALL_MEMBERS_ONLY: 'النشر على الحوائط للأعضاء المسجّلين؛ سجّلي عضويتك لتشاركي',
  WALL_POST_EMPTY: 'اكتبي شيئاً أو أرفقي صورة',
  IMAGE_ALREADY_USED: 'هذه الصورة مستخدمة في مكان آخر؛ ارفعيها من جديد',
  STORY_SIGN_IN: 'نشر الحالات للأعضاء المسجّلين؛ سجّلي عضوية لتنشري حالتك',
  STORY_CONTENT_REQUIRED: 'اختاري صورة أو اكتبي نص الحالة',
  STORY_LIMIT_REACHED: 'لديكِ حالات كثيرة الآن؛ انتظري حتى تنتهي إحداها أو احذفيها',
  PUSH_TOO_MANY_DEVICES: 'فعّلتِ الإشعارات على أجهزة كثيرة؛ أوقفيها على جهاز قديم أولاً',
  VOICE_NOTE_SIGN_IN: 'الرسائل الصوتية للأعضاء المسجّلين؛ سجّلي عضوية لترسلي رسالة صوتية',
  VOICE_NOTE_TYPE_MISMATCH: 'نوع الملف المعلَن لا يطابق محتواه؛ أرسلي تسجيلاً صوتياً صحيحاً',
  VOICE_NOTE_TOO_SHORT: 'الرسالة الصوتية قصيرة جداً؛ اضغطي مطوّلاً وتحدّثي',
  VOICE_NOTE_NOT_FOUND: 'الرسالة الصوتية غير موجودة؛ سجّليها من جديد',
  VOICE_NOTE_ALREADY_SENT: 'أُرسل هذا التسجيل من قبل؛ سجّلي رسالة جديدة',
  VOICE_NOTE_RATE_LIMITED: 'سجّلتِ رسائل صوتية كثيرة في وقت قصير، انتظري قليلاً ثم أعيدي المحاولة',
};

/** The leads of the refusals that say when to try again (errors.ts RETRY_LEADS), feminine. */
const FEMININE_LEADS: Partial<Record<ErrorCode, string>> = {
  MESSAGE_RATE_LIMITED: 'أنتِ ترسلين بسرعة كبيرة',
  MESSAGE_REPEATED: 'لا ترسلي الرسالة نفسها مرات متتالية',
  REPORT_RATE_LIMITED: 'أرسلتِ بلاغات كثيرة في وقت قصير',
  SLOW_MODE: 'هذه الغرفة في الوضع البطيء',
  LOGIN_BACKOFF: 'محاولات دخول خاطئة كثيرة لهذا الحساب',
  FRIEND_REQUEST_RATE_LIMITED: 'أرسلتِ طلبات صداقة كثيرة في وقت قصير',
};
const FEMININE_TAIL = 'أعيدي المحاولة بعد';

const byText = new Map<string, string>();
for (const [code, feminine] of Object.entries(FEMININE_ERRORS)) byText.set(ERROR_MESSAGES[code as ErrorCode], feminine);

/**
 * A refusal's text as the server sent it, in the reader's gender: the feminine form for a woman
 * (found by the text, so it works for HTTP and socket refusals alike), else the text unchanged.
 */
export function forReader(text: string, gender: string | null | undefined): string {
  if (!byGender(gender, { male: false, female: true })) return text;
  const whole = byText.get(text);
  if (whole) return whole;
  for (const [code, lead] of Object.entries(RETRY_LEADS)) {
    const feminine = FEMININE_LEADS[code as ErrorCode];
    if (!feminine || !text.startsWith(`${lead}؛ ${RETRY_TAIL} `)) continue;
    return `${feminine}؛ ${FEMININE_TAIL} ${text.slice(`${lead}؛ ${RETRY_TAIL} `.length)}`;
  }
  return text;
}

/** `errorText` (the text of a refusal, with when to try again) for a reader of the given gender. */
export function errorTextFor(code: ErrorCode, gender: string | null | undefined, timeLeft?: number): string {
  return forReader(errorText(code, timeLeft), gender);
}
