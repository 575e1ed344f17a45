/** Spec §8 HTTP error mapping and toasts, in Arabic. */
export const HTTP_TEXTS = {
  timeout: 'انتهت مهلة الطلب - حاول مرة أخرى',
  offline: 'لا يوجد اتصال بالإنترنت',
  unauthorized: 'يجب تسجيل الدخول للوصول إلى هذه الصفحة',
  forbidden: 'ليس لديك صلاحية للوصول إلى هذا المحتوى',
  notFound: 'المورد المطلوب غير موجود',
  tooLarge: 'الملف كبير جداً - اختر ملفاً أصغر',
  server: 'خطأ في الخادم - حاول لاحقاً',
  unavailable: 'الخدمة غير متاحة - حاول لاحقاً',
  invalidResponse: 'استجابة غير صالحة من الخادم',
  uploadFailed: 'فشل رفع الملف',
  uploadTimeout: 'انتهت مهلة رفع الملف',
} as const;

/** Toast texts (spec §8 "Toasts"). */
export const TOAST_TEXTS = {
  network: 'لا يوجد اتصال بالإنترنت، تحقق من الشبكة',
  timeout: 'انتهت مهلة الطلب - حاول مرة أخرى',
  unauthorized: 'يجب تسجيل الدخول أولاً',
  forbidden: 'ليس لديك صلاحية لتنفيذ هذا الإجراء',
  notFound: 'المورد المطلوب غير موجود',
  invalid: 'بيانات غير صالحة',
  server: 'خطأ في الخادم - حاول لاحقاً',
  unavailable: 'الخدمة غير متاحة - حاول لاحقاً',
  unexpected: 'حدث خطأ غير متوقع',
} as const;

export function statusText(status: number): string | undefined {
  switch (status) {
    case 401:
      return HTTP_TEXTS.unauthorized;
    case 403:
      return HTTP_TEXTS.forbidden;
    case 404:
      return HTTP_TEXTS.notFound;
    case 408:
      return HTTP_TEXTS.timeout;
    case 413:
      return HTTP_TEXTS.tooLarge;
    case 500:
      return HTTP_TEXTS.server;
    case 503:
      return HTTP_TEXTS.unavailable;
    default:
      return undefined;
  }
}

/** The texts above that speak to the reader, for a woman reading them (reader-voice.ts). */
export const FEMININE_HTTP_TEXTS: Record<string, string> = {
  [HTTP_TEXTS.timeout]: 'انتهت مهلة الطلب - حاولي مرة أخرى',
  [TOAST_TEXTS.network]: 'لا يوجد اتصال بالإنترنت، تحققي من الشبكة',
};
