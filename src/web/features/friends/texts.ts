import { countOf } from '../../../shared/arabic/grammar';

const request = { one: 'طلب واحد', two: 'طلبان', twoOblique: 'طلبين', few: 'طلبات', many: 'طلباً' };

export const FRIENDS_TEXTS = {
  tabs: 'المتصلون والأصدقاء',
  online: 'المتصلون',
  friends: 'الأصدقاء',
  friendsWithRequests: (n: number) => `الأصدقاء، ${countOf(n, request)} جديد`,
  requests: 'طلبات الصداقة',
  sent: 'طلبات أرسلتها',
  noFriends: 'لا أصدقاء بعد. افتح بطاقة شخص واضغط «إضافة صديق».',
  online_: 'متصل',
  offline: 'غير متصل',
  accept: 'قبول',
  decline: 'رفض',
  cancel: 'إلغاء',
  loading: 'جارٍ تحميل الأصدقاء',
  openCard: (name: string) => `بطاقة ${name}`,
} as const;
