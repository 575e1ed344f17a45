import { countryName } from './countries';
import { siteRoomName } from './site-rooms';
import type { ChatLink, HubEntry } from './types';

interface HubInput {
  ar: string;
  en: string;
  kind?: HubEntry['kind'];
  countryPath?: string;
  title: string;
  metaDescription: string;
  keywords: string[];
  /** [name, description] of the first and second chat link. */
  links: readonly [readonly [string, string], readonly [string, string]];
}

/**
 * Hubs that are another room's landing page rather than a room of their own: /watan is the general
 * Arab chat, and the country hubs (countryPath) are their country's room.
 */
const GENERAL = { roomId: 'general', roomName: siteRoomName('general') ?? '' };
const ALIAS_OF: Readonly<Record<string, { roomId: string; roomName: string }>> = { watan: GENERAL };

function hub(slug: string, input: HubInput): HubEntry {
  // A hub leads to its own room; a hub about a country to that country's room first, then the general room.
  const country = input.countryPath ? countryName(input.countryPath.slice(1)) : undefined;
  const own =
    ALIAS_OF[slug] ??
    (country
      ? { roomId: country.path, roomName: siteRoomName(country.path) ?? country.nameAr }
      : { roomId: slug, roomName: input.ar });
  const chatLinks: ChatLink[] = input.links.map(([name, description], index) => ({
    name,
    description,
    ...(index === 0 || !country ? own : GENERAL),
  }));
  const entry: HubEntry = {
    id: slug,
    nameAr: input.ar,
    nameEn: input.en,
    path: `/${slug}`,
    kind: input.kind ?? 'hub',
    title: input.title,
    metaDescription: input.metaDescription,
    keywords: input.keywords,
    chatLinks,
  };
  if (input.countryPath) entry.countryPath = input.countryPath;
  return entry;
}

/** The single-segment themed pages of spec §2 (the country pages are in COUNTRIES, not here). */
export const HUBS: HubEntry[] = [
  hub('watan', {
    ar: 'شات الوطن',
    en: 'Watan Chat',
    title: 'شات الوطن - دردشة الوطن العربي مجانية بدون تسجيل',
    metaDescription:
      'شات الوطن مجاني وبدون تسجيل: دردشة عربية تجمع أهل الخليج ومصر والشام والعراق والمغرب العربي في مكان واحد، ادخل باسم مستعار وتعرّف على أصدقاء من كل البلاد.',
    keywords: [
      'شات الوطن',
      'دردشة الوطن',
      'شات الوطن العربي',
      'دردشة عربية',
      'شات عربي بدون تسجيل',
      'watan chat',
      'arab chat',
    ],
    links: [
      ['شات الوطن العام', 'الغرفة العربية العامة المفتوحة لكل الزوار'],
      ['دردشة شباب وبنات الوطن العربي', 'تعارف بين العرب من كل البلاد، واختر غرفة بلدك متى شئت'],
    ],
  }),
  hub('emamir', {
    ar: 'شات إمامير',
    en: 'Emamir Chat',
    title: 'شات إمامير - دردشة إمامير مجانية بدون تسجيل',
    metaDescription:
      'شات إمامير مجاني بدون تسجيل: دردشة عربية خفيفة تجمع الأصدقاء القدامى والجدد من الخليج والوطن العربي، ادخل باسم مستعار من الجوال أو الكمبيوتر وابدأ السوالف.',
    keywords: ['شات إمامير', 'شات امامير', 'دردشة امامير', 'امامير جوال', 'شات خليجي', 'emamir chat'],
    links: [
      ['شات إمامير العام', 'الغرفة العامة لرواد شات إمامير'],
      ['إمامير جوال', 'شات إمامير في صفحة خفيفة تناسب الهاتف'],
    ],
  }),
  hub('falastini', {
    ar: 'شات فلسطيني',
    en: 'Falastini Chat',
    countryPath: '/palestine',
    title: 'شات فلسطيني - دردشة أهل فلسطين مجانية بدون تسجيل',
    metaDescription:
      'شات فلسطيني مجاني وبدون تسجيل: دردشة تجمع الفلسطينيين من القدس وغزة والضفة والداخل والشتات، ادخل غرفة فلسطين مباشرة وتعرّف على أبناء بلدك أينما كانوا في العالم.',
    keywords: [
      'شات فلسطيني',
      'دردشة فلسطينية',
      'شات فلسطين',
      'شات فلسطيني بدون تسجيل',
      'falastini chat',
      'palestine chat',
    ],
    links: [
      ['غرفة فلسطين', 'الغرفة الفلسطينية: أهل الوطن والشتات في مكان واحد'],
      ['الشات العربي العام', 'دردشة مع زوار كل الدول العربية'],
    ],
  }),
  hub('palestinian', {
    ar: 'الشات الفلسطيني',
    en: 'Palestinian Chat',
    countryPath: '/palestine',
    title: 'الشات الفلسطيني - دردشة فلسطينية مجانية بدون تسجيل',
    metaDescription:
      'الشات الفلسطيني مجاني بدون تسجيل: مساحة للحوار بين شباب وبنات فلسطين في رام الله ونابلس والخليل وجنين وبيت لحم والمخيمات والمهجر، ادخل بأي اسم وشارك في الدردشة.',
    keywords: [
      'الشات الفلسطيني',
      'دردشة فلسطينية',
      'شات فلسطيني',
      'شات فلسطين بدون تسجيل',
      'palestinian chat',
      'palestinian chat room',
    ],
    links: [
      ['الشات الفلسطيني العام', 'غرفة فلسطين لأهل الضفة وغزة والقدس والشتات'],
      ['الشات العربي العام', 'دردشة مع زوار كل الدول العربية'],
    ],
  }),
  hub('sabaya', {
    ar: 'شات صبايا',
    en: 'Sabaya Chat',
    title: 'شات صبايا - دردشة صبايا وبنات مجانية بدون تسجيل',
    metaDescription:
      'شات صبايا مجاني بدون تسجيل: دردشة راقية للبنات والصبايا من كل الدول العربية، مع إشراف يمنع الإزعاج وخاصية التجاهل، ادخلي باسم مستعار وتعرّفي على صديقات جدد.',
    keywords: [
      'شات صبايا',
      'دردشة صبايا',
      'شات بنات',
      'دردشة بنات',
      'شات صبايا بدون تسجيل',
      'sabaya chat',
      'arab girls chat',
    ],
    links: [
      ['شات الصبايا', 'سوالف وتعارف بين البنات والصبايا'],
      ['دردشة راقية', 'غرفة هادئة للحوار المهذب'],
    ],
  }),
  hub('jordan-chat', {
    ar: 'شات أردني',
    en: 'Jordanian Chat',
    countryPath: '/jordan',
    title: 'شات أردني - دردشة النشامى مجانية بدون تسجيل',
    metaDescription:
      'شات أردني مجاني وبدون تسجيل: دردشة النشامى والنشميات من عمّان وإربد والزرقاء والعقبة والكرك، ادخل غرفة الأردن مباشرة واحكي مع أهل البلد بلهجتك وعلى راحتك.',
    keywords: [
      'شات أردني',
      'شات اردني',
      'دردشة أردنية',
      'شات الأردن',
      'شات النشامى',
      'jordan chat',
      'jordanian chat room',
    ],
    links: [
      ['غرفة الأردن', 'دردشة النشامى والنشميات من كل المحافظات'],
      ['الشات العربي العام', 'دردشة مع زوار كل الدول العربية'],
    ],
  }),
  hub('dardashti', {
    ar: 'دردشتي',
    en: 'Dardashti',
    title: 'دردشتي - شات دردشتي العربي مجاني بدون تسجيل',
    metaDescription:
      'دردشتي مجانية وبدون تسجيل: غرفتك العربية للدردشة مع الأصدقاء والتعرف على ناس جدد، رسائل خاصة ووجوه تعبيرية وغرف صوتية، ادخل باسم مستعار من الجوال أو الكمبيوتر.',
    keywords: ['دردشتي', 'شات دردشتي', 'دردشتي بدون تسجيل', 'دردشة عربية', 'دردشة أصدقاء', 'dardashti chat'],
    links: [
      ['دردشتي العامة', 'الغرفة المفتوحة لكل الزوار'],
      ['دردشة الأصدقاء', 'صداقات جديدة ورسائل خاصة'],
    ],
  }),
  hub('mezz', {
    ar: 'شات مزز',
    en: 'Mezz Chat',
    title: 'شات مزز - دردشة مزز مجانية بدون تسجيل',
    metaDescription:
      'شات مزز مجاني بدون تسجيل: دردشة شبابية مرحة للتعارف بين الشباب والبنات فوق 18 سنة في غرف عربية مراقبة ومحترمة، ادخل باسم مستعار وابدأ الدردشة خلال ثوانٍ.',
    keywords: ['شات مزز', 'دردشة مزز', 'شات مزز جوال', 'شات شبابي', 'دردشة شباب وبنات', 'mezz chat'],
    links: [
      ['شات مزز العام', 'الغرفة الرئيسية لشات مزز'],
      ['شات مزز جوال', 'شات مزز في صفحة خفيفة للهاتف'],
    ],
  }),
  hub('online-chat', {
    ar: 'شات أونلاين',
    en: 'Online Chat',
    title: 'شات أونلاين - دردشة أونلاين مباشرة مجانية بدون تسجيل',
    metaDescription:
      'شات أونلاين مجاني وبدون تسجيل: دردشة مباشرة مع المتصلين الآن من كل الدول العربية، ترى من هو أونلاين وترسل له رسالة عامة أو خاصة من المتصفح دون تحميل تطبيق.',
    keywords: [
      'شات أونلاين',
      'شات اونلاين',
      'دردشة أونلاين',
      'دردشة مباشرة',
      'شات مباشر',
      'online chat',
      'arabic online chat',
    ],
    links: [
      ['شات مباشر', 'رسائل تصل في لحظتها مع المتصلين الآن'],
      ['شات فوري', 'من الصفحة إلى الغرفة في ثوانٍ'],
    ],
  }),
  hub('ahla-lamma', {
    ar: 'أحلى لمة',
    en: 'Ahla Lamma',
    kind: 'portal',
    title: 'أحلى لمة - شات أحلى لمة للأصدقاء مجاني بدون تسجيل',
    metaDescription:
      'أحلى لمة مجانية وبدون تسجيل: شات عربي يجمع الأصدقاء والأحباب في لمة دافئة من كل البلاد، غرف للسوالف والضحك والتعارف، ادخل باسم مستعار وكن جزءاً من اللمة الآن.',
    keywords: ['أحلى لمة', 'احلى لمة', 'شات احلا لمة', 'لمة أصدقاء', 'دردشة أصدقاء', 'ahla lamma chat'],
    links: [
      ['لمة الأصدقاء', 'سهرة دردشة مع الأصحاب القدامى والجدد'],
      ['لمة عربية', 'أهل كل البلاد العربية في غرفة واحدة'],
    ],
  }),
  hub('beautiful-chat', {
    ar: 'شات الحلوين',
    en: 'Beautiful Chat',
    kind: 'portal',
    title: 'شات الحلوين - دردشة الحلوين مجانية بدون تسجيل',
    metaDescription:
      'شات الحلوين مجاني بدون تسجيل: دردشة خفيفة الدم تجمع أحلى الناس من كل الدول العربية، كلام حلو ووجوه تعبيرية وأصدقاء جدد كل يوم، ادخل باسم مستعار وابدأ.',
    keywords: ['شات الحلوين', 'دردشة الحلوين', 'شات حلوين', 'أحلى شات', 'دردشة حلوة', 'beautiful chat arabic'],
    links: [
      ['غرفة الحلوين', 'الكلام الحلو والتعارف المحترم'],
      ['أحلى دردشة', 'المرح والنكت والوجوه التعبيرية'],
    ],
  }),
  hub('no-signup', {
    ar: 'شات بدون تسجيل',
    en: 'No-Signup Chat',
    kind: 'portal',
    title: 'شات بدون تسجيل - دردشة عربية مجانية بدخول فوري',
    metaDescription:
      'شات بدون تسجيل ومجاني بالكامل: اكتب اسماً مستعاراً وادخل الدردشة العربية فوراً دون بريد إلكتروني أو كلمة مرور، وسجّل عضوية لاحقاً فقط إن أردت حفظ اسمك وأصدقائك.',
    keywords: [
      'شات بدون تسجيل',
      'دردشة بدون تسجيل',
      'شات دخول مباشر',
      'شات مجاني',
      'دردشة عربية مجانية',
      'chat without registration',
      'no signup chat',
    ],
    links: [
      ['دردشة سريعة', 'اسم مستعار وأنت في الغرفة خلال ثوانٍ'],
      ['دخول فوري', 'ادخل كزائر وسجّل عضوية متى شئت'],
    ],
  }),
];
