import { countryIdOf, countryName, type CountryPath } from './countries';
import type { ChatLink, CountryEntry } from './types';

/**
 * The country landing pages (spec §3 "Country entry"): titles, descriptions, keywords, chat links.
 * Kept apart from the country list so the browser bundle never carries this text.
 */

interface CountryCopy {
  /** Feminine adjective for "دردشة …ية" in the title. */
  adjective: string;
  metaDescription: string;
  keywords: string[];
}

function countryEntry(id: string, nameAr: string, nameEn: string, copy: CountryCopy): CountryEntry {
  const hasRoom = countryIdOf(id) !== 'unknown';
  // Every country page leads to its own room: one of the twenty site rooms, or (the two others) a catalogue room.
  const room = id;
  const roomName = `شات ${nameAr}`;
  const chatLinks: ChatLink[] = [
    {
      name: `شات ${nameAr} العام`,
      description: `الغرفة الرئيسية لأهل ${nameAr} والمقيمين فيها`,
      roomId: room,
      roomName,
    },
    {
      name: `دردشة شباب وبنات ${nameAr}`,
      description: `تعارف ودردشة محترمة مع أهل ${nameAr}`,
      roomId: room,
      roomName,
    },
  ];
  if (hasRoom) {
    chatLinks.push({
      name: `شات ${nameAr} للجوال`,
      description: 'صفحة خفيفة تعمل من متصفح الهاتف مباشرة',
      roomId: room,
      roomName,
    });
  }
  return {
    id,
    nameAr,
    nameEn,
    path: `/${id}`,
    title: `شات ${nameAr} - دردشة ${copy.adjective} مجانية بدون تسجيل`,
    metaDescription: copy.metaDescription,
    keywords: copy.keywords,
    chatLinks,
    hasRoom,
  };
}

function roomCountry(path: CountryPath, copy: CountryCopy): CountryEntry {
  const names = countryName(path);
  if (!names) throw new Error(`country ${path} is missing from COUNTRY_NAMES`);
  return countryEntry(path, names.nameAr, names.nameEn, copy);
}

/** The country pages: the twenty countries with a room (spec §2) and the two Arab League members without one. */
export const COUNTRIES: CountryEntry[] = [
  roomCountry('oman', {
    adjective: 'عمانية',
    metaDescription:
      'شات عُمان مجاني وبدون تسجيل: دردش مع شباب وبنات السلطنة من مسقط وصلالة ونزوى وصحار والبريمي، وتعرّف على أصدقاء جدد من كل ولايات عُمان في غرف عربية آمنة.',
    keywords: [
      'شات عمان',
      'دردشة عمانية',
      'شات عماني',
      'شات مسقط',
      'شات صلالة',
      'شات بدون تسجيل',
      'oman chat',
      'omani chat room',
    ],
  }),
  roomCountry('egypt', {
    adjective: 'مصرية',
    metaDescription:
      'شات مصر مجاني بدون تسجيل: دردشة مصرية تجمع أهل القاهرة والإسكندرية والجيزة والمنصورة وأسوان، ادخل باسمك فوراً وتعرّف على أصدقاء جدد من كل محافظات مصر.',
    keywords: [
      'شات مصر',
      'دردشة مصرية',
      'شات مصري',
      'شات القاهرة',
      'دردشة مصر بدون تسجيل',
      'egypt chat',
      'egyptian chat room',
    ],
  }),
  roomCountry('saudi', {
    adjective: 'سعودية',
    metaDescription:
      'شات السعودية مجاني بدون تسجيل: دردشة سعودية تجمع أهل الرياض وجدة ومكة المكرمة والمدينة المنورة والدمام، ادخل بأي اسم وتعرّف على أصدقاء من كل مناطق المملكة.',
    keywords: [
      'شات السعودية',
      'دردشة سعودية',
      'شات سعودي',
      'شات الرياض',
      'شات جدة',
      'دردشة خليجية',
      'saudi chat',
      'saudi arabia chat room',
    ],
  }),
  roomCountry('algeria', {
    adjective: 'جزائرية',
    metaDescription:
      'شات الجزائر مجاني وبدون تسجيل: دردشة جزائرية تجمع أهل العاصمة ووهران وقسنطينة وعنابة وسطيف، ادخل فوراً وتحدّث مع شباب وبنات من كل ولايات الجزائر.',
    keywords: [
      'شات الجزائر',
      'دردشة جزائرية',
      'شات جزائري',
      'شات وهران',
      'شات قسنطينة',
      'algeria chat',
      'algerian chat room',
    ],
  }),
  roomCountry('bahrain', {
    adjective: 'بحرينية',
    metaDescription:
      'شات البحرين مجاني بدون تسجيل: دردشة بحرينية تجمع أهل المنامة والمحرق والرفاع ومدينة حمد ومدينة عيسى، ادخل بضغطة واحدة وتعرّف على أصدقاء جدد من المملكة.',
    keywords: [
      'شات البحرين',
      'دردشة بحرينية',
      'شات بحريني',
      'شات المنامة',
      'دردشة خليجية',
      'bahrain chat',
      'bahraini chat room',
    ],
  }),
  roomCountry('uae', {
    adjective: 'إماراتية',
    metaDescription:
      'شات الإمارات مجاني بدون تسجيل: دردشة إماراتية تجمع المواطنين والمقيمين في دبي وأبوظبي والشارقة والعين وعجمان، ادخل فوراً وتعرّف على أصدقاء من كل الإمارات.',
    keywords: [
      'شات الإمارات',
      'شات الامارات',
      'دردشة إماراتية',
      'شات دبي',
      'شات أبوظبي',
      'دردشة خليجية',
      'uae chat',
      'emirates chat room',
    ],
  }),
  roomCountry('jordan', {
    adjective: 'أردنية',
    metaDescription:
      'شات الأردن مجاني وبدون تسجيل: دردشة أردنية تجمع أهل عمّان والزرقاء وإربد والعقبة والسلط والكرك، ادخل باسمك فوراً وتعرّف على نشامى ونشميات من كل المحافظات.',
    keywords: [
      'شات الأردن',
      'شات الاردن',
      'دردشة أردنية',
      'شات أردني',
      'شات عمان الأردن',
      'شات إربد',
      'jordan chat',
      'jordanian chat room',
    ],
  }),
  roomCountry('kuwait', {
    adjective: 'كويتية',
    metaDescription:
      'شات الكويت مجاني بدون تسجيل: دردشة كويتية تجمع أهل العاصمة وحولي والسالمية والجهراء والفروانية والأحمدي، ادخل فوراً وسولف مع شباب وبنات الكويت بكل احترام.',
    keywords: [
      'شات الكويت',
      'دردشة كويتية',
      'شات كويتي',
      'شات حولي',
      'دردشة خليجية',
      'kuwait chat',
      'kuwaiti chat room',
    ],
  }),
  roomCountry('libya', {
    adjective: 'ليبية',
    metaDescription:
      'شات ليبيا مجاني وبدون تسجيل: دردشة ليبية تجمع أهل طرابلس وبنغازي ومصراتة وسبها والزاوية وطبرق، ادخل فوراً وتعرّف على أصدقاء جدد من الشرق والغرب والجنوب.',
    keywords: ['شات ليبيا', 'دردشة ليبية', 'شات ليبي', 'شات طرابلس', 'شات بنغازي', 'libya chat', 'libyan chat room'],
  }),
  roomCountry('tunisia', {
    adjective: 'تونسية',
    metaDescription:
      'شات تونس مجاني بدون تسجيل: دردشة تونسية تجمع أهل العاصمة وصفاقس وسوسة والقيروان وبنزرت والمنستير، ادخل فوراً واحكي مع شباب وبنات من كل ولايات تونس.',
    keywords: ['شات تونس', 'دردشة تونسية', 'شات تونسي', 'شات صفاقس', 'شات سوسة', 'tunisia chat', 'tunisian chat room'],
  }),
  roomCountry('morocco', {
    adjective: 'مغربية',
    metaDescription:
      'شات المغرب مجاني وبدون تسجيل: دردشة مغربية تجمع أهل الدار البيضاء والرباط ومراكش وفاس وطنجة وأكادير، ادخل فوراً وتعرّف على أصدقاء من كل جهات المملكة.',
    keywords: [
      'شات المغرب',
      'دردشة مغربية',
      'شات مغربي',
      'شات الدار البيضاء',
      'شات مراكش',
      'morocco chat',
      'moroccan chat room',
    ],
  }),
  roomCountry('sudan', {
    adjective: 'سودانية',
    metaDescription:
      'شات السودان مجاني بدون تسجيل: دردشة سودانية تجمع أهل الخرطوم وأم درمان وبورتسودان وكسلا وود مدني، ادخل فوراً وتواصل مع أهلك وأصدقائك في الداخل والمهجر.',
    keywords: [
      'شات السودان',
      'دردشة سودانية',
      'شات سوداني',
      'شات الخرطوم',
      'شات أم درمان',
      'sudan chat',
      'sudanese chat room',
    ],
  }),
  roomCountry('palestine', {
    adjective: 'فلسطينية',
    metaDescription:
      'شات فلسطين مجاني وبدون تسجيل: دردشة فلسطينية تجمع أهل القدس وغزة ورام الله ونابلس والخليل وجنين، ادخل فوراً وتواصل مع الفلسطينيين في الوطن والشتات.',
    keywords: [
      'شات فلسطين',
      'دردشة فلسطينية',
      'شات فلسطيني',
      'شات القدس',
      'شات غزة',
      'palestine chat',
      'palestinian chat room',
    ],
  }),
  roomCountry('qatar', {
    adjective: 'قطرية',
    metaDescription:
      'شات قطر مجاني بدون تسجيل: دردشة قطرية تجمع المواطنين والمقيمين في الدوحة والريان والوكرة والخور ولوسيل، ادخل بضغطة واحدة وتعرّف على أصدقاء جدد في قطر.',
    keywords: ['شات قطر', 'دردشة قطرية', 'شات قطري', 'شات الدوحة', 'دردشة خليجية', 'qatar chat', 'qatari chat room'],
  }),
  roomCountry('yemen', {
    adjective: 'يمنية',
    metaDescription:
      'شات اليمن مجاني وبدون تسجيل: دردشة يمنية تجمع أهل صنعاء وعدن وتعز والحديدة والمكلا وإب، ادخل فوراً وتواصل مع أهل اليمن السعيد في الداخل والخليج والمهجر.',
    keywords: ['شات اليمن', 'دردشة يمنية', 'شات يمني', 'شات صنعاء', 'شات عدن', 'yemen chat', 'yemeni chat room'],
  }),
  roomCountry('lebanon', {
    adjective: 'لبنانية',
    metaDescription:
      'شات لبنان مجاني بدون تسجيل: دردشة لبنانية تجمع أهل بيروت وطرابلس وصيدا وصور وزحلة وجونية، ادخل فوراً واحكي مع شباب وصبايا لبنان في الوطن وبلاد الاغتراب.',
    keywords: [
      'شات لبنان',
      'دردشة لبنانية',
      'شات لبناني',
      'شات بيروت',
      'شات طرابلس لبنان',
      'lebanon chat',
      'lebanese chat room',
    ],
  }),
  roomCountry('syria', {
    adjective: 'سورية',
    metaDescription:
      'شات سوريا مجاني وبدون تسجيل: دردشة سورية تجمع أهل دمشق وحلب وحمص وحماة واللاذقية وطرطوس، ادخل فوراً وتواصل مع السوريين في الوطن وفي كل بلاد الاغتراب.',
    keywords: ['شات سوريا', 'دردشة سورية', 'شات سوري', 'شات دمشق', 'شات حلب', 'syria chat', 'syrian chat room'],
  }),
  roomCountry('iraq', {
    adjective: 'عراقية',
    metaDescription:
      'شات العراق مجاني بدون تسجيل: دردشة عراقية تجمع أهل بغداد والبصرة والموصل وأربيل والنجف وكربلاء، ادخل فوراً وسولف مع شباب وبنات العراق من الشمال إلى الجنوب.',
    keywords: [
      'شات العراق',
      'دردشة عراقية',
      'شات عراقي',
      'شات بغداد',
      'شات البصرة',
      'شات الموصل',
      'iraq chat',
      'iraqi chat room',
    ],
  }),
  roomCountry('comoros', {
    adjective: 'قمرية',
    metaDescription:
      'شات جزر القمر مجاني وبدون تسجيل: دردشة قمرية تجمع أهل موروني وموتسامودو وفومبوني ودوموني من القمر الكبرى وأنجوان وموهيلي، ادخل فوراً وتعرّف على أصدقاء جدد.',
    keywords: [
      'شات جزر القمر',
      'دردشة قمرية',
      'شات قمري',
      'شات موروني',
      'شات أنجوان',
      'comoros chat',
      'comorian chat room',
    ],
  }),
  roomCountry('djibouti', {
    adjective: 'جيبوتية',
    metaDescription:
      'شات جيبوتي مجاني بدون تسجيل: دردشة جيبوتية تجمع أهل العاصمة وعلي صبيح وتاجورة وأوبوك ودخيل وعرتا، ادخل فوراً وتعرّف على أصدقاء من القرن الأفريقي والعالم العربي.',
    keywords: [
      'شات جيبوتي',
      'دردشة جيبوتية',
      'شات جيبوتي العاصمة',
      'شات القرن الأفريقي',
      'djibouti chat',
      'djiboutian chat room',
    ],
  }),
  countryEntry('mauritania', 'موريتانيا', 'Mauritania', {
    adjective: 'موريتانية',
    metaDescription:
      'شات موريتانيا مجاني وبدون تسجيل: دردشة موريتانية تجمع أهل نواكشوط ونواذيبو وكيفة وروصو وأطار في الغرفة العربية العامة، وتعرّف على أصدقاء من بلد المليون شاعر.',
    keywords: [
      'شات موريتانيا',
      'دردشة موريتانية',
      'شات موريتاني',
      'شات نواكشوط',
      'mauritania chat',
      'mauritanian chat room',
    ],
  }),
  countryEntry('somalia', 'الصومال', 'Somalia', {
    adjective: 'صومالية',
    metaDescription:
      'شات الصومال مجاني بدون تسجيل: دردشة صومالية تجمع أهل مقديشو وكيسمايو وبوصاصو وبيدوا في الغرفة العربية العامة، ادخل فوراً وتعرّف على أصدقاء من الصومال والمهجر.',
    keywords: ['شات الصومال', 'دردشة صومالية', 'شات صومالي', 'شات مقديشو', 'somalia chat', 'somali chat room'],
  }),
];
