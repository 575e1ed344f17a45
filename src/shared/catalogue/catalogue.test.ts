import { describe, expect, it } from 'vitest';
import { CATALOGUE_ROOMS, catalogueParentOf } from './catalogue-rooms';
import { CITIES } from './cities';
import { COUNTRY_NAMES, COUNTRY_PATHS, countryIdOf } from './countries';
import { COUNTRIES } from './country-entries';
import { HUBS } from './hubs';
import {
  citiesOf,
  cityStatistics,
  findCity,
  findCountry,
  findHub,
  findSubChat,
  foldForSearch,
  normalizeCataloguePath,
  popularCities,
  searchCities,
  subChatsOf,
} from './lookup';
import { siteRoomName } from './site-rooms';
import { SUB_CHATS } from './subchats';
import type { ChatLink } from './types';

const ALL = [...COUNTRIES, ...CITIES, ...SUB_CHATS, ...HUBS];
const ARABIC = /\p{Script=Arabic}/u;
const APP_ROUTES = ['/privacy', '/terms', '/emojis', '/arabic', '/api', '/tags', '/circle'];
const THE_TWENTY: readonly string[] = COUNTRY_PATHS;

/** spec §2 "Each country has a -mobile room plus several cities. Examples:" — exact paths. */
const SPEC_EXAMPLES: Record<string, string[]> = {
  oman: ['muscat', 'salalah', 'nizwa', 'sohar', 'batinah', 'dhofar'],
  egypt: ['cairo', 'alexandria', 'giza', 'delta', 'upper-egypt', 'elders'],
  saudi: ['riyadh', 'jeddah', 'makkah', 'medina', 'dammam', 'najd', 'pioneers'],
  uae: ['dubai', 'abudhabi', 'sharjah', 'ajman', 'al-ain', 'ras-al-khaimah', 'fujairah'],
  jordan: ['amman', 'zarqa', 'irbid', 'aqaba', 'salt', 'karak', 'petra'],
  palestine: ['jerusalem', 'gaza', 'ramallah', 'nablus', 'hebron', 'bethlehem', 'jenin'],
  comoros: ['comoros-mobile', 'anjouan', 'mohéli', 'grande-comore', 'mayotte', 'domoni', 'fomboni', 'moroni'],
  djibouti: ['djibouti-mobile', 'djibouti-city', 'ali-sabieh', 'tadjoura', 'obock', 'dikhil', 'arta', 'horn-of-africa'],
  iraq: ['mosul'],
};

const SPEC_SUB_CHATS = [
  '/emamir/mobile',
  '/sabaya/sabaya-chat',
  '/sabaya/elegant-chat',
  '/dardashti/general-chat',
  '/dardashti/friends-chat',
  '/mezz/mezz-general',
  '/mezz/mezz-mobile',
  '/online-chat/live-chat',
  '/online-chat/instant-chat',
  '/ahla-lamma/friends-gathering',
  '/ahla-lamma/arabic-gathering',
  '/beautiful-chat/beautiful-chat',
  '/beautiful-chat/sweetest-chat',
  '/no-signup/quick-chat',
  '/no-signup/instant-entry',
];

const CAPITALS: Record<string, string> = {
  oman: 'muscat',
  egypt: 'cairo',
  saudi: 'riyadh',
  algeria: 'algiers',
  bahrain: 'manama',
  uae: 'abudhabi',
  jordan: 'amman',
  kuwait: 'kuwait-city',
  libya: 'tripoli',
  tunisia: 'tunis',
  morocco: 'rabat',
  sudan: 'khartoum',
  palestine: 'jerusalem',
  qatar: 'doha',
  yemen: 'sanaa',
  lebanon: 'beirut',
  syria: 'damascus',
  iraq: 'baghdad',
  comoros: 'moroni',
  djibouti: 'djibouti-city',
};

/** Regions, islands and themed rooms: not towns, so no capital flag, population or point. */
const NOT_TOWNS = [
  '/oman/batinah',
  '/oman/dhofar',
  '/egypt/delta',
  '/egypt/upper-egypt',
  '/egypt/elders',
  '/saudi/najd',
  '/saudi/pioneers',
  '/comoros/mayotte',
  '/djibouti/horn-of-africa',
];

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function slugOf(path: string): string {
  return path.split('/')[2] ?? '';
}

describe('catalogue integrity', () => {
  it('has unique ids, paths, titles and descriptions across every kind of page', () => {
    expect(duplicates(ALL.map((entry) => entry.id))).toEqual([]);
    expect(duplicates(ALL.map((entry) => entry.path))).toEqual([]);
    expect(duplicates(ALL.map((entry) => entry.title))).toEqual([]);
    expect(duplicates(ALL.map((entry) => entry.metaDescription))).toEqual([]);
  });

  it('stores every path in its canonical form and keeps clear of the app routes', () => {
    for (const entry of ALL) {
      expect(normalizeCataloguePath(entry.path), entry.id).toBe(entry.path);
      expect(entry.path).toMatch(/^\/[^/]+(\/[^/]+)?$/);
      const first = `/${entry.path.split('/')[1]}`;
      expect(APP_ROUTES, entry.path).not.toContain(first);
      expect(slugOf(entry.path)).not.toBe('test-universal-system');
    }
  });

  it('names every page in Arabic script, with a title, keywords and a description saying free and no registration', () => {
    for (const entry of ALL) {
      expect(entry.nameAr, entry.id).toMatch(ARABIC);
      expect(entry.title, entry.id).toMatch(ARABIC);
      expect(entry.metaDescription, entry.id).toMatch(ARABIC);
      expect(entry.metaDescription, entry.id).toContain('مجان');
      expect(entry.metaDescription, entry.id).toContain('تسجيل');
      expect(entry.metaDescription.length, entry.id).toBeGreaterThanOrEqual(100);
      expect(entry.metaDescription.length, entry.id).toBeLessThanOrEqual(160);
      expect(duplicates(entry.keywords), entry.id).toEqual([]);
      expect(entry.nameEn, entry.id).not.toBe('');
    }
  });

  it('sends every chat link to a site room or a catalogue room, and names it', () => {
    const known = new Set(['general', ...THE_TWENTY, ...CATALOGUE_ROOMS.map((room) => room.id)]);
    const names = new Map(CATALOGUE_ROOMS.map((room) => [room.id, room.name]));
    const links: ChatLink[] = ALL.flatMap((entry) => entry.chatLinks);
    for (const link of links) {
      expect(link.name).toMatch(ARABIC);
      expect(known.has(link.roomId), link.roomId).toBe(true);
      expect(link.roomName, link.roomId).toBe(siteRoomName(link.roomId) ?? names.get(link.roomId));
    }
  });

  it("leads every page to its own room: a city to the city's, a sub-chat to its own, a hub to its own", () => {
    for (const city of CITIES) expect(city.chatLinks.map((link) => link.roomId)).toEqual([city.id, city.id]);
    for (const subChat of SUB_CHATS)
      expect(
        subChat.chatLinks.every((link) => link.roomId === subChat.id),
        subChat.path,
      ).toBe(true);
    for (const country of COUNTRIES)
      expect(
        country.chatLinks.every((link) => link.roomId === country.id),
        country.path,
      ).toBe(true);
    for (const hub of HUBS) {
      // Aliases: /watan is the general room, a country hub its country's room (then the general room).
      const own = hub.id === 'watan' ? 'general' : hub.countryPath ? countryIdOf(hub.countryPath) : hub.id;
      expect(hub.chatLinks[0]?.roomId, hub.path).toBe(own);
    }
    expect(findCity('/egypt/cairo')?.chatLinks[0]).toMatchObject({ roomId: 'egypt-cairo', roomName: 'القاهرة' });
    expect(findSubChat('/sabaya/sabaya-chat')?.chatLinks.find((l) => l.name === 'دردشة صبايا وبس')).toMatchObject({
      roomId: 'sabaya-sabaya-chat',
      roomName: 'شات الصبايا',
    });
  });

  it('seeds one room per city, sub-chat, non-alias hub and roomless country, with unique ids under a listed parent', () => {
    const ids = CATALOGUE_ROOMS.map((room) => room.id);
    expect(duplicates(ids)).toEqual([]);
    expect(ids.filter((id) => THE_TWENTY.includes(id) || id === 'general' || id === 'broadcast')).toEqual([]);
    expect(CATALOGUE_ROOMS).toHaveLength(CITIES.length + SUB_CHATS.length + 8 + 2);
    const listed = new Set([...THE_TWENTY, ...ids]);
    for (const room of CATALOGUE_ROOMS) {
      expect(room.id.length).toBeLessThanOrEqual(64);
      expect(room.name).toMatch(ARABIC);
      if (room.parentId !== null) expect(listed.has(room.parentId), room.id).toBe(true);
    }
    expect(catalogueParentOf('egypt-cairo')).toBe('egypt');
    expect(catalogueParentOf('sabaya-elegant-chat')).toBe('sabaya');
    expect(catalogueParentOf('sabaya')).toBeNull();
    expect(catalogueParentOf('egypt')).toBeNull();
  });
});

describe('countries', () => {
  it('holds the twenty countries with a room and Mauritania and Somalia without one', () => {
    expect(COUNTRIES).toHaveLength(22);
    expect(COUNTRIES.filter((country) => country.hasRoom).map((country) => country.id)).toEqual([...COUNTRY_PATHS]);
    expect(COUNTRIES.filter((country) => !country.hasRoom).map((country) => country.path)).toEqual([
      '/mauritania',
      '/somalia',
    ]);
  });

  it('agrees with COUNTRY_NAMES and follows the entry rules', () => {
    for (const country of COUNTRIES) {
      expect(country.path).toBe(`/${country.id}`);
      const names = COUNTRY_NAMES.find((name) => name.path === country.id);
      if (country.hasRoom) expect(names).toMatchObject({ nameAr: country.nameAr, nameEn: country.nameEn });
      expect(country.metaDescription.length, country.id).toBeGreaterThanOrEqual(140);
      expect(country.keywords.length).toBeGreaterThanOrEqual(6);
      expect(country.keywords.length).toBeLessThanOrEqual(12);
      expect(country.keywords.some((keyword) => /[a-z]/.test(keyword))).toBe(true);
      expect(country.chatLinks.length).toBeGreaterThanOrEqual(2);
      expect(country.chatLinks.length).toBeLessThanOrEqual(3);
      expect(country.chatLinks.every((link) => link.roomId === country.id)).toBe(true);
    }
    expect(findCountry('/oman')?.nameAr).toBe('عُمان');
    expect(findCountry('/comoros')?.title).toBe('شات جزر القمر - دردشة قمرية مجانية بدون تسجيل');
  });

  it('derives countryId from the path for the twenty only', () => {
    expect(countryIdOf('/egypt')).toBe('egypt');
    expect(countryIdOf('iraq')).toBe('iraq');
    expect(countryIdOf('/mauritania')).toBe('unknown');
    expect(countryIdOf('/nowhere')).toBe('unknown');
  });
});

describe('cities', () => {
  it('belongs to a country of the catalogue, with countryId derived and two chat links to its own room', () => {
    for (const city of CITIES) {
      expect(findCountry(city.countryPath), city.id).toBeDefined();
      expect(city.countryId).toBe(countryIdOf(city.countryPath));
      expect(city.path.startsWith(`${city.countryPath}/`)).toBe(true);
      expect(city.chatLinks).toHaveLength(2);
      expect(city.chatLinks.every((link) => link.roomId === city.id)).toBe(true);
      expect(city.keywords.length).toBeGreaterThanOrEqual(5);
      expect(city.keywords.length).toBeLessThanOrEqual(10);
      expect(slugOf(city.path)).toMatch(/^[a-zé-]+$/);
    }
  });

  it('gives each of the twenty countries exactly one mobile room and at least six other entries', () => {
    for (const country of THE_TWENTY) {
      const entries = CITIES.filter((city) => city.countryPath === `/${country}`);
      const mobiles = entries.filter((city) => city.id.includes('mobile'));
      expect(mobiles.map((city) => [city.id, city.path])).toEqual([
        [`${country}-mobile`, `/${country}/${country}-mobile`],
      ]);
      expect(entries.length - mobiles.length, country).toBeGreaterThanOrEqual(6);
    }
  });

  it('contains every example of spec §2 at its exact path, Mohéli with a precomposed é', () => {
    for (const [country, slugs] of Object.entries(SPEC_EXAMPLES)) {
      for (const slug of slugs) {
        const path = `/${country}/${slug}`;
        expect(
          CITIES.some((city) => city.path === path),
          path,
        ).toBe(true);
      }
    }
    expect(CITIES.find((city) => city.nameEn === 'Mohéli')?.path).toBe('/comoros/moh\u00e9li');
    expect(findCity('/iraq/mosul')).toMatchObject({ nameAr: 'الموصل', countryId: 'iraq', region: 'محافظة نينوى' });
  });

  it('marks the right capital, one per country', () => {
    for (const country of THE_TWENTY) {
      const capitals = CITIES.filter((city) => city.countryPath === `/${country}` && city.isCapital);
      expect(capitals.map((city) => city.path)).toEqual([`/${country}/${CAPITALS[country]}`]);
    }
  });

  it('gives regions, islands and themed rooms no capital flag, population or point', () => {
    for (const path of [...NOT_TOWNS, ...THE_TWENTY.map((country) => `/${country}/${country}-mobile`)]) {
      const entry = findCity(path);
      expect(entry, path).toBeDefined();
      expect(entry?.isCapital, path).toBeUndefined();
      expect(entry?.population, path).toBeUndefined();
    }
    for (const path of NOT_TOWNS.filter((path) => path !== '/comoros/mayotte')) {
      expect(findCity(path)?.coordinates, path).toBeUndefined();
    }
  });

  it('keeps coordinates inside the Arab world and populations positive integers', () => {
    for (const city of CITIES) {
      if (city.coordinates) {
        expect(city.coordinates.lat, city.id).toBeGreaterThanOrEqual(-15);
        expect(city.coordinates.lat, city.id).toBeLessThanOrEqual(40);
        expect(city.coordinates.lng, city.id).toBeGreaterThanOrEqual(-20);
        expect(city.coordinates.lng, city.id).toBeLessThanOrEqual(65);
      }
      if (city.population !== undefined) {
        expect(Number.isInteger(city.population), city.id).toBe(true);
        expect(city.population, city.id).toBeGreaterThan(0);
      }
      if (city.region !== undefined) expect(city.region, city.id).toMatch(ARABIC);
    }
    // Southern hemisphere for the Comoros, west of Greenwich for Morocco: a sign slip would show here.
    expect(findCity('/comoros/moroni')?.coordinates?.lat).toBeLessThan(0);
    expect(findCity('/morocco/casablanca')?.coordinates?.lng).toBeLessThan(0);
  });

  it('has the Arabic names of spec §2', () => {
    const expected: Record<string, string> = {
      '/egypt/cairo': 'القاهرة',
      '/egypt/alexandria': 'الإسكندرية',
      '/oman/muscat': 'مسقط',
      '/oman/dhofar': 'ظفار',
      '/saudi/makkah': 'مكة المكرمة',
      '/saudi/medina': 'المدينة المنورة',
      '/comoros/anjouan': 'أنجوان',
      '/comoros/grande-comore': 'القمر الكبرى',
      '/djibouti/djibouti-city': 'جيبوتي العاصمة',
      '/djibouti/ali-sabieh': 'علي صبيح',
      '/djibouti/horn-of-africa': 'القرن الأفريقي',
    };
    for (const [path, nameAr] of Object.entries(expected)) expect(findCity(path)?.nameAr, path).toBe(nameAr);
    expect(findCity('/egypt/cairo')?.chatLinks.map((link) => link.name)).toEqual([
      'شات القاهرة العام',
      'دردشة شباب وبنات القاهرة',
    ]);
  });
});

describe('hubs and sub-chats', () => {
  it('lists the hub pages of spec §2 with their kind and country', () => {
    expect(HUBS.map((hub) => hub.path)).toEqual([
      '/watan',
      '/emamir',
      '/falastini',
      '/palestinian',
      '/sabaya',
      '/jordan-chat',
      '/dardashti',
      '/mezz',
      '/online-chat',
      '/ahla-lamma',
      '/beautiful-chat',
      '/no-signup',
    ]);
    expect(HUBS.filter((hub) => hub.kind === 'portal').map((hub) => hub.path)).toEqual([
      '/ahla-lamma',
      '/beautiful-chat',
      '/no-signup',
    ]);
    expect(Object.fromEntries(HUBS.filter((hub) => hub.countryPath).map((hub) => [hub.path, hub.countryPath]))).toEqual(
      {
        '/falastini': '/palestine',
        '/palestinian': '/palestine',
        '/jordan-chat': '/jordan',
      },
    );
    for (const hub of HUBS) {
      if (hub.countryPath) {
        expect(findCountry(hub.countryPath)).toBeDefined();
        expect(hub.chatLinks[0]?.roomId).toBe(countryIdOf(hub.countryPath));
      }
    }
  });

  it('lists every sub-chat path of spec §2 under an existing hub', () => {
    expect(SUB_CHATS.map((subChat) => subChat.path)).toEqual(SPEC_SUB_CHATS);
    for (const subChat of SUB_CHATS) {
      const [, parent, slug] = subChat.path.split('/');
      expect(subChat.parentPath).toBe(`/${parent}`);
      expect(subChat.id).toBe(`${parent}-${slug}`);
      expect(findHub(subChat.parentPath), subChat.path).toBeDefined();
      expect(subChat.chatLinks).toHaveLength(2);
    }
    expect(subChatsOf('/sabaya').map((subChat) => subChat.path)).toEqual([
      '/sabaya/sabaya-chat',
      '/sabaya/elegant-chat',
    ]);
    expect(subChatsOf('emamir')).toHaveLength(1);
    expect(subChatsOf('/watan')).toEqual([]);
  });
});

describe('path lookups', () => {
  it('normalises paths', () => {
    expect(normalizeCataloguePath('/')).toBe('/');
    expect(normalizeCataloguePath('///')).toBe('/');
    expect(normalizeCataloguePath(' /Egypt/Cairo/ ')).toBe('/egypt/cairo');
    expect(normalizeCataloguePath('/comoros/moh%C3%A9li')).toBe('/comoros/mohéli');
    expect(normalizeCataloguePath('/comoros/mohe\u0301li')).toBe('/comoros/moh\u00e9li');
    expect(normalizeCataloguePath('/%D8%B4%D8%A7%D8%AA')).toBe('/شات');
    // Only ASCII letters are lowercased.
    expect(normalizeCataloguePath('/COMOROS/MOHÉLI')).toBe('/comoros/mohÉli');
  });

  it('does not throw on malformed percent-encoding', () => {
    expect(() => normalizeCataloguePath('/%E0%A4%A')).not.toThrow();
    expect(normalizeCataloguePath('/Egypt/%E0%A4%A/')).toBe('/egypt/%e0%a4%a');
    expect(findCity('/egypt/%E0%A4%A')).toBeUndefined();
    expect(findCountry('%')).toBeUndefined();
  });

  it('finds Mohéli however the é arrives', () => {
    const moheli = findCity('/comoros/mohéli');
    expect(moheli?.nameAr).toBe('موهيلي');
    expect(findCity('/comoros/moh%C3%A9li')).toBe(moheli);
    expect(findCity('/comoros/moh%c3%a9li/')).toBe(moheli);
    expect(findCity('/comoros/mohe\u0301li')).toBe(moheli);
    expect(findCity('/comoros/mohe%CC%81li')).toBe(moheli);
  });

  it('finds each kind by full path, with or without a trailing slash or capitals, and nothing else', () => {
    expect(findCountry('/egypt/')?.id).toBe('egypt');
    expect(findCountry('/EGYPT')?.id).toBe('egypt');
    expect(findCountry('/mauritania')?.hasRoom).toBe(false);
    expect(findCity('/egypt/cairo/')?.id).toBe('egypt-cairo');
    expect(findCity('/Saudi/Riyadh')?.id).toBe('saudi-riyadh');
    expect(findHub('/no-signup/')?.kind).toBe('portal');
    expect(findSubChat('/sabaya/elegant-chat')?.parentPath).toBe('/sabaya');
    expect(findCountry('/atlantis')).toBeUndefined();
    expect(findCity('/egypt/atlantis')).toBeUndefined();
    expect(findCity('/egypt')).toBeUndefined();
    expect(findHub('/egypt')).toBeUndefined();
    expect(findSubChat('/egypt/cairo')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
  });

  it('lists a country’s cities in catalogue order', () => {
    const egypt = citiesOf('/egypt');
    expect(egypt).toEqual(CITIES.filter((city) => city.countryPath === '/egypt'));
    expect(egypt[0]?.id).toBe('egypt-mobile');
    expect(citiesOf('egypt')).toEqual(egypt);
    expect(citiesOf('/mauritania')).toEqual([]);
    egypt.pop();
    expect(citiesOf('/egypt')).toHaveLength(egypt.length + 1);
  });
});

describe('searchCities', () => {
  it('matches Arabic with or without hamza, diacritics or tatweel', () => {
    for (const query of ['الإسكندرية', 'الاسكندرية', 'اسكندريه', 'الإسْكَنْدَرِيَّة']) {
      expect(
        searchCities(query).map((city) => city.id),
        query,
      ).toEqual(['egypt-alexandria']);
    }
    expect(searchCities('اربد').map((city) => city.id)).toEqual(['jordan-irbid']);
    expect(searchCities('القـاهرة').map((city) => city.id)).toEqual(['egypt-cairo']);
    expect(searchCities('جده').map((city) => city.id)).toContain('saudi-jeddah');
  });

  it('matches English names case-insensitively, accents optional', () => {
    expect(searchCities('CAIRO').map((city) => city.id)).toEqual(['egypt-cairo']);
    expect(searchCities('moheli').map((city) => city.id)).toEqual(['comoros-mohéli']);
    expect(searchCities('  Mosul ').map((city) => city.id)).toEqual(['iraq-mosul']);
  });

  it('matches the title too', () => {
    expect(searchCities('رواد الشات القدامى').map((city) => city.id)).toEqual(['saudi-pioneers']);
  });

  it('filters by country (path or id), region and mobile', () => {
    expect(searchCities('طرابلس').map((city) => city.id)).toEqual(['libya-tripoli', 'lebanon-tripoli']);
    expect(searchCities('طرابلس', { country: '/lebanon' }).map((city) => city.id)).toEqual(['lebanon-tripoli']);
    expect(searchCities('', { country: 'egypt' })).toEqual(citiesOf('/egypt'));
    expect(searchCities('', { region: 'المنطقة الشرقية' }).map((city) => city.id)).toEqual([
      'saudi-dammam',
      'saudi-khobar',
    ]);
    const mobiles = searchCities('', { mobile: true });
    expect(mobiles).toHaveLength(20);
    expect(mobiles.every((city) => city.id.endsWith('-mobile'))).toBe(true);
    expect(searchCities('جوال', { mobile: false })).toEqual([]);
    expect(searchCities('جوال مصر', { mobile: true }).map((city) => city.id)).toEqual(['egypt-mobile']);
    expect(searchCities('', { country: '/atlantis' })).toEqual([]);
  });

  it('folds text the same way on both sides', () => {
    expect(foldForSearch('أإآٱ ة ى ـ')).toBe('اااا ه ي');
    expect(foldForSearch('Mohéli')).toBe('moheli');
  });
});

describe('popularCities and cityStatistics', () => {
  it('lists the most populous cities first, ten by default', () => {
    const popular = popularCities();
    expect(popular).toHaveLength(10);
    expect(popular[0]?.id).toBe('egypt-cairo');
    for (let i = 1; i < popular.length; i += 1) {
      expect(popular[i - 1]!.population!).toBeGreaterThanOrEqual(popular[i]!.population!);
    }
    expect(popularCities(3)).toEqual(popular.slice(0, 3));
    expect(popularCities(0)).toEqual([]);
    const all = popularCities(1000);
    expect(all.length).toBe(CITIES.filter((city) => city.population !== undefined).length);
    expect(all.every((city) => city.population !== undefined)).toBe(true);
  });

  it('summarises a list of cities', () => {
    const egypt = cityStatistics(citiesOf('/egypt'));
    expect(egypt.totalCities).toBe(citiesOf('/egypt').length);
    expect(egypt.hasMobileChat).toBe(true);
    expect(egypt.hasCapital).toBe(true);
    expect(egypt.regions[0]).toBe('محافظة القاهرة');
    expect(duplicates(egypt.regions)).toEqual([]);

    const withoutMobileOrCapital = cityStatistics(
      citiesOf('/uae').filter((city) => !city.isCapital && !city.id.includes('mobile')),
    );
    expect(withoutMobileOrCapital).toMatchObject({ hasMobileChat: false, hasCapital: false });
    // Two cities of the emirate of Abu Dhabi, one region.
    expect(cityStatistics([findCity('/uae/abudhabi')!, findCity('/uae/al-ain')!]).regions).toEqual(['إمارة أبوظبي']);
    expect(cityStatistics([])).toEqual({ totalCities: 0, hasMobileChat: false, hasCapital: false, regions: [] });
  });
});
