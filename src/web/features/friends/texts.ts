import { byGender, countOf } from '../../../shared/arabic/grammar';

const request = { one: 'طلب واحد', two: 'طلبان', twoOblique: 'طلبين', few: 'طلبات', many: 'طلباً' };

export const FRIENDS_TEXTS = {
  tabs: 'المتصلون والأصدقاء',
  online: 'المتصلون',
  friends: 'الأصدقاء',
  friendsWithRequests: (n: number) => `الأصدقاء، ${countOf(n, request)} جديد`,
  requests: 'طلبات الصداقة',
  sent: 'طلبات أرسلتها',
  noFriends: (gender: string | null | undefined) =>
    byGender(gender, {
      male: 'لا أصدقاء بعد. افتح بطاقة شخص واضغط «إضافة صديق».',
      female: 'لا أصدقاء بعد. افتحي بطاقة شخص واضغطي «إضافة صديق».',
    }),
  /** About each friend, agreeing with them. */
  online_: (gender: string | null | undefined) => byGender(gender, { male: 'متصل', female: 'متصلة' }),
  offline: (gender: string | null | undefined) => byGender(gender, { male: 'غير متصل', female: 'غير متصلة' }),
  accept: 'قبول',
  decline: 'رفض',
  cancel: 'إلغاء',
  loading: 'جارٍ تحميل الأصدقاء',
  openCard: (name: string) => `بطاقة ${name}`,
} as const;
