import { countOf, NOUNS } from '../../../shared/arabic/grammar';
import type { StoryBackground, StoryReaction } from '../../../shared/entities/story';

/** Every Arabic sentence of the stories (الحالات). */
export const STORIES_TEXTS = {
  strip: 'الحالات',
  myStory: 'حالتي',
  addStory: 'أضف حالة',
  /** A ring's label: whose stories, and whether there is something new. */
  ringLabel: (name: string, unseen: boolean) => `حالات ${name}${unseen ? '، فيها جديد' : ''}`,
  myRingLabel: (count: number) => (count > 0 ? `حالتي (${count})` : 'أضف حالة'),

  viewer: 'عارض الحالات',
  close: 'إغلاق',
  previous: 'الحالة السابقة',
  next: 'الحالة التالية',
  paused: 'متوقفة مؤقتاً',
  progress: (index: number, total: number) => `الحالة ${index} من ${total}`,
  viewerHint: 'المس للانتقال، اضغط مطولاً للإيقاف، واسحب للأسفل للإغلاق',
  reactions: 'تفاعل مع الحالة',
  reactionNames: {
    heart: 'قلب',
    laugh: 'ضحك',
    wow: 'دهشة',
    sad: 'حزن',
    fire: 'نار',
    like: 'إعجاب',
  } satisfies Record<StoryReaction, string>,
  replyLabel: 'رد على الحالة',
  replyPlaceholder: 'اكتب رداً…',
  send: 'إرسال',
  sent: 'أُرسل إلى صاحب الحالة في الرسائل الخاصة',
  reacted: 'وصل تفاعلك إلى صاحب الحالة',
  viewers: 'المشاهدون',
  viewedBy: (n: number) => (n === 0 ? 'لم يشاهدها أحد بعد' : `شاهدها ${countOf(n, NOUNS.person)}`),
  noViewers: 'لم يشاهد أحد هذه الحالة بعد',
  deleteStory: 'حذف الحالة',
  deleted: 'حُذفت الحالة',
  confirmDelete: 'هل تريد حذف هذه الحالة؟',
  friendsOnly: 'للأصدقاء فقط',
  postedAgo: (minutes: number) =>
    minutes < 1
      ? 'الآن'
      : minutes < 60
        ? `منذ ${countOf(minutes, NOUNS.minute)}`
        : `منذ ${countOf(Math.floor(minutes / 60), NOUNS.hour)}`,

  composer: 'حالة جديدة',
  kindLabel: 'نوع الحالة',
  kindText: 'نص',
  kindPicture: 'صورة',
  textLabel: 'نص الحالة',
  textPlaceholder: 'اكتب ما تريد مشاركته…',
  backgroundLabel: 'الخلفية',
  backgrounds: {
    sunset: 'غروب',
    ocean: 'محيط',
    forest: 'غابة',
    night: 'ليل',
    rose: 'وردي',
    gold: 'ذهبي',
    violet: 'بنفسجي',
    slate: 'رمادي',
  } satisfies Record<StoryBackground, string>,
  pickPicture: 'اختر صورة',
  changePicture: 'غيّر الصورة',
  uploading: 'جارٍ رفع الصورة…',
  captionLabel: 'تعليق (اختياري)',
  visibilityLabel: 'من يرى الحالة',
  everyone: 'الجميع',
  friends: 'الأصدقاء فقط',
  charsLeft: (n: number) => `متبقٍ ${countOf(n, NOUNS.character)}`,
  publish: 'انشر الحالة',
  published: 'نُشرت حالتك لمدة 24 ساعة',
  cancel: 'إلغاء',
  membersOnly: 'نشر الحالات للأعضاء المسجّلين',

  /** In a private conversation: the story a message answers. */
  storyReply: 'ردّ على حالة',
  storyReaction: 'تفاعل مع حالة',
  storyGone: 'حالة انتهت',
  textStory: 'حالة نصية',
};
