import { byGender } from '../../../shared/arabic/grammar';
import { isolate } from '../../../shared/text/bidi';

export const PEOPLE_TEXTS = {
  closeCard: 'إغلاق',
  /** The card's description for screen readers: what it offers. */
  cardDescription: 'الإجراءات',
  checkingRole: 'جاري التحقق من رتبة المستخدم...',
  aboutLabel: 'عن الشخص',
  /** About the person, agreeing with them (متصل / متصلة). */
  online: (gender: string | null | undefined) => byGender(gender, { male: 'متصل الآن', female: 'متصلة الآن' }),
  offline: (gender: string | null | undefined) => byGender(gender, { male: 'غير متصل', female: 'غير متصلة' }),
  lastSeen: (ago: string) => `آخر ظهور ${ago}`,
  privateMessage: 'رسالة خاصة',
  addFriend: 'إضافة صديق',
  cancelRequest: 'إلغاء الطلب',
  acceptFriend: 'قبول الصداقة',
  declineFriend: 'رفض الطلب',
  unfriend: 'إلغاء الصداقة',
  mention: 'إشارة',
  ignore: 'تجاهل',
  unignore: 'إلغاء التجاهل',
  friendRequestSent: 'أُرسل طلب الصداقة',
  /** To the reader (`me`) about the other (`them`): «صديقتين» only when both are women. */
  nowFriends: (name: string, me?: string | null, them?: string | null) =>
    `${byGender(me, { male: 'أصبحت أنت', female: 'أصبحتِ أنتِ' })} و${isolate(name)} ${
      byGender(me, { male: false, female: true }) && byGender(them, { male: false, female: true })
        ? 'صديقتين'
        : 'صديقين'
    }`,
  ignored: (name: string, me?: string | null) =>
    `${byGender(me, { male: 'لن ترى', female: 'لن تري' })} رسائل ${isolate(name)} بعد الآن`,
  unignored: (name: string) => `ستظهر لك رسائل ${isolate(name)} من جديد`,
  confirmUnfriend: (name: string) => `إلغاء الصداقة مع ${isolate(name)}؟`,
  peopleActions: 'التواصل',
  ignoredBadge: 'متجاهَل',
  friendBadge: 'صديق',
  reactions: {
    like: 'إعجاب',
    dislike: 'عدم إعجاب',
    heart: 'قلب',
  },
  reactionCount: (label: string, n: number) => `${label}: ${n}`,
  react: 'تفاعل',
  reply: 'رد',
  replyingTo: (name: string) => `رد على ${name}`,
  cancelReply: 'إلغاء الرد',
  jumpToOriginal: (name: string) => `الانتقال إلى رسالة ${name}`,
  lastReaction: (name: string, label: string) => `آخر تفاعل: ${isolate(name)} (${label})`,
  mentionSuggestions: 'اقتراحات الإشارة',
} as const;
