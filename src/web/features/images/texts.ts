/** Pictures in messages: the attach button, upload progress and the lightbox, in Arabic. */
export const IMAGE_TEXTS = {
  attach: 'إرسال صورة',
  attachHint: 'اختر صورة أو الصقها أو اسحبها إلى هنا',
  uploading: (percent: number) => `جاري رفع الصورة ${percent}٪`,
  cancelUpload: 'إلغاء رفع الصورة',
  notAnImage: 'الملف ليس صورة صالحة',
  dropHere: 'أفلت الصورة هنا لإرسالها',
  imageFrom: (name: string) => `صورة من \u2068${name}\u2069`,
  image: 'صورة',
  openImage: 'عرض الصورة بالحجم الكامل',
  lightbox: 'عرض الصورة',
  close: 'إغلاق',
  swipeHint: 'اسحب للأسفل للإغلاق',
} as const;
