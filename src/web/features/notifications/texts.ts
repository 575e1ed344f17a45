import { countOf } from '../../../shared/arabic/grammar';

/** Counted with their adjective, which agrees too (غير مقروء، غير مقروءين، غير مقروءة). */
const unreadNotification = {
  one: 'إشعار واحد غير مقروء',
  two: 'إشعاران غير مقروءين',
  twoOblique: 'إشعارين غير مقروءين',
  few: 'إشعارات غير مقروءة',
  many: 'إشعاراً غير مقروء',
};

export const NOTIFICATION_TEXTS = {
  title: 'الإشعارات',
  open: (unread: number) => (unread > 0 ? `الإشعارات: ${countOf(unread, unreadNotification)}` : 'الإشعارات'),
  empty: 'لا توجد إشعارات بعد',
  markAllRead: 'تعليم الكل كمقروء',
  clear: 'حذف الكل',
  confirmClear: 'حذف كل الإشعارات؟',
  close: 'إغلاق',
  unread: 'غير مقروء',
  loading: 'جارٍ تحميل الإشعارات',
  accept: 'قبول',
  decline: 'رفض',
} as const;

/** "(3) title" while something is unread; past 99, "(99+)". */
export function unreadTitle(unread: number, base: string): string {
  if (unread <= 0) return base;
  return `(${unread > 99 ? '99+' : unread}) ${base}`;
}
