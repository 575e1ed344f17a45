import { seededRoomName } from '../../../shared/catalogue/catalogue-rooms';
import { COUNTRIES } from '../../../shared/catalogue/country-entries';
import { CITIES } from '../../../shared/catalogue/cities';
import { HUBS } from '../../../shared/catalogue/hubs';
import {
  citiesOf,
  cityStatistics,
  findCity,
  findCountry,
  findHub,
  findSubChat,
  normalizeCataloguePath,
  popularCities,
  subChatsOf,
} from '../../../shared/catalogue/lookup';
import type { CityEntry, CountryEntry, HubEntry, SubChatEntry } from '../../../shared/catalogue/types';
import { EMOJI_CATEGORIES, type EmojiCategoryId } from '../../../shared/emoji/emojis';
import {
  roomIdFromPath,
  type Breadcrumb,
  type LinkItem,
  type PageData,
  type PageHead,
  type ResolvedPage,
  type RetentionDays,
} from '../../../shared/pages/page-data';
import { LANDING_TEXTS } from '../../../web/landing/texts';
import { PRIVACY_POLICY } from '../../../web/features/legal/privacy-policy';
import { TERMS_OF_USE } from '../../../web/features/legal/terms-of-use';
import { WELCOME_TEXTS } from '../../../web/features/welcome/texts';
import { AVATAR_TEST_TEXTS } from '../../../web/features/avatar-tests/texts';

/** The diagnostic page of spec §2 lives under every country path. */
export const DIAGNOSTIC_SEGMENT = 'test-universal-system';

const SITE = 'مجلس';
const HOME_CRUMB: Breadcrumb = { name: LANDING_TEXTS.home, path: '/' };
const HOME_TITLE = `${SITE} - شات عربي ودردشة مجانية بدون تسجيل`;
const HOME_DESCRIPTION =
  'مجلس شات عربي مجاني بدون تسجيل: ادخل باسم مستعار ودردش مباشرة مع شباب وبنات من مصر والسعودية والعراق والمغرب والأردن وكل الدول العربية، من الجوال أو الكمبيوتر.';

function countryLink(country: CountryEntry): LinkItem {
  return { path: country.path, name: `شات ${country.nameAr}` };
}

function cityLink(city: CityEntry): LinkItem {
  return { path: city.path, name: city.nameAr, hint: city.isCapital ? LANDING_TEXTS.capital : city.region };
}

function crumbsJsonLd(baseUrl: string, crumbs: Breadcrumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: baseUrl + encodeURI(crumb.path),
    })),
  };
}

function head(fields: Omit<PageHead, 'noindex' | 'jsonLd'> & Partial<Pick<PageHead, 'noindex' | 'jsonLd'>>): PageHead {
  return { noindex: false, jsonLd: [], ...fields };
}

function found(data: PageData, pageHead: PageHead): ResolvedPage {
  return { status: 200, data, head: pageHead };
}

function notFound(
  reason: Extract<PageData, { kind: 'notFound' }>['reason'],
  requestedPath: string,
  debug?: Extract<PageData, { kind: 'notFound' }>['debug'],
): ResolvedPage {
  const T = LANDING_TEXTS.notFound;
  const title = { country: T.country, city: T.city, subChat: T.subChat, page: T.page }[reason];
  return {
    status: 404,
    data: { kind: 'notFound', reason, requestedPath, ...(debug ? { debug } : {}) },
    head: head({ title: `${title} - ${SITE}`, description: T.pageText, keywords: [], noindex: true }),
  };
}

export interface ResolveOptions {
  /** PUBLIC_URL without a trailing slash, for JSON-LD. */
  baseUrl: string;
  /** Shown in the legal pages. */
  contactEmail: string;
  /** The retention periods the privacy page states (RETENTION_*_DAYS). */
  retention: RetentionDays;
}

function entryHead(
  entry: { title: string; metaDescription: string; keywords: string[]; path: string },
  crumbs: Breadcrumb[],
  baseUrl: string,
): PageHead {
  return head({
    title: entry.title,
    description: entry.metaDescription,
    keywords: entry.keywords,
    canonicalPath: entry.path,
    breadcrumbs: crumbs,
    jsonLd: [crumbsJsonLd(baseUrl, crumbs)],
  });
}

function countryPage(country: CountryEntry, baseUrl: string): ResolvedPage {
  const cities = citiesOf(country.path);
  const crumbs = [HOME_CRUMB, { name: `شات ${country.nameAr}`, path: country.path }];
  return found(
    {
      kind: 'country',
      country: {
        id: country.id,
        path: country.path,
        nameAr: country.nameAr,
        nameEn: country.nameEn,
        description: country.metaDescription,
        chatLinks: country.chatLinks,
      },
      cities: cities.map(cityLink),
      stats: cityStatistics(cities),
    },
    entryHead(country, crumbs, baseUrl),
  );
}

function cityPage(city: CityEntry, country: CountryEntry, baseUrl: string): ResolvedPage {
  const crumbs = [
    HOME_CRUMB,
    { name: `شات ${country.nameAr}`, path: country.path },
    { name: `شات ${city.nameAr}`, path: city.path },
  ];
  return found(
    {
      kind: 'city',
      city,
      country: { path: country.path, nameAr: country.nameAr },
      siblings: citiesOf(country.path)
        .filter((other) => other.id !== city.id)
        .map(cityLink),
    },
    entryHead(city, crumbs, baseUrl),
  );
}

function hubPage(hub: HubEntry, baseUrl: string): ResolvedPage {
  const crumbs = [HOME_CRUMB, { name: hub.nameAr, path: hub.path }];
  const country = hub.countryPath ? findCountry(hub.countryPath) : undefined;
  const related = [
    ...(country ? [countryLink(country)] : []),
    ...HUBS.filter((other) => other.id !== hub.id && other.kind === hub.kind).map((other) => ({
      path: other.path,
      name: other.nameAr,
    })),
  ];
  return found(
    {
      kind: 'hub',
      hub: {
        id: hub.id,
        path: hub.path,
        nameAr: hub.nameAr,
        description: hub.metaDescription,
        kind: hub.kind,
        chatLinks: hub.chatLinks,
      },
      subChats: subChatsOf(hub.path).map((sub) => ({ path: sub.path, name: sub.nameAr })),
      related,
    },
    entryHead(hub, crumbs, baseUrl),
  );
}

function subChatPage(subChat: SubChatEntry, baseUrl: string): ResolvedPage {
  const parentHub = findHub(subChat.parentPath);
  const parent: LinkItem = { path: subChat.parentPath, name: parentHub?.nameAr ?? subChat.parentPath };
  const crumbs = [HOME_CRUMB, { name: parent.name, path: parent.path }, { name: subChat.nameAr, path: subChat.path }];
  return found(
    {
      kind: 'subChat',
      subChat,
      parent,
      siblings: subChatsOf(subChat.parentPath)
        .filter((other) => other.id !== subChat.id)
        .map((other) => ({ path: other.path, name: other.nameAr })),
    },
    entryHead(subChat, crumbs, baseUrl),
  );
}

function emojiPage(tab: EmojiCategoryId): ResolvedPage {
  const category = EMOJI_CATEGORIES.find((c) => c.id === tab)!;
  const isDefault = tab === 'classic';
  return found(
    { kind: 'emojis', tab },
    head({
      title: isDefault ? `الرموز التعبيرية - ${SITE}` : `${category.name} - الرموز التعبيرية - ${SITE}`,
      description: `رموز ${SITE} التعبيرية: ${category.name} مع أكوادها. انسخ الكود واكتبه في الدردشة ليظهر الرمز لكل من في الغرفة.`,
      keywords: ['رموز تعبيرية', 'ايموجي', 'سمايلات', 'ملصقات', 'شات'],
      canonicalPath: isDefault ? '/emojis' : `/emojis/${tab}`,
    }),
  );
}

/**
 * Which page a path is, with what it shows and its <head>. Unknown paths are 404 pages (never
 * indexed); the spec's "go home" happens on screen after a short notice.
 */
export function resolvePage(rawPath: string, options: ResolveOptions): ResolvedPage {
  const path = normalizeCataloguePath(rawPath);
  const { baseUrl } = options;
  const segments = path.split('/').filter(Boolean);

  // A room's address is the chat app itself: never indexed (its content is live), never a 404.
  const roomId = roomIdFromPath(rawPath);
  if (roomId) {
    const roomName = seededRoomName(roomId);
    return found(
      roomName ? { kind: 'chat', roomId, roomName } : { kind: 'chat', roomId },
      head({
        title: `${LANDING_TEXTS.chatPage.title} - ${SITE}`,
        description: HOME_DESCRIPTION,
        keywords: [],
        noindex: true,
      }),
    );
  }

  if (segments.length === 0) {
    return found(
      {
        kind: 'home',
        countries: COUNTRIES.map(countryLink),
        hubs: HUBS.map((hub) => ({ path: hub.path, name: hub.nameAr })),
        popularCities: popularCities(12).map(cityLink),
      },
      head({
        title: HOME_TITLE,
        description: HOME_DESCRIPTION,
        keywords: ['شات', 'دردشة', 'شات عربي', 'دردشة عربية', 'شات بدون تسجيل', 'chat arabic'],
        canonicalPath: '/',
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE,
            alternateName: 'Majlis',
            url: `${baseUrl}/`,
            inLanguage: 'ar',
            description: HOME_DESCRIPTION,
          },
        ],
      }),
    );
  }

  if (segments.length === 1) {
    const [segment] = segments as [string];
    if (segment === 'arabic') {
      return found(
        { kind: 'arabic' },
        head({
          title: LANDING_TEXTS.arabicTitle,
          description: `${LANDING_TEXTS.arabicIntro} ${WELCOME_TEXTS.intro}`,
          keywords: ['شات عربي', 'دردشة عربية', 'شات الوطن'],
          canonicalPath: '/arabic',
        }),
      );
    }
    if (segment === 'privacy' || segment === 'terms') {
      const doc = segment === 'privacy' ? PRIVACY_POLICY : TERMS_OF_USE;
      return found(
        { kind: 'legal', doc: segment, contactEmail: options.contactEmail, retention: options.retention },
        head({ title: `${doc.title} - ${SITE}`, description: doc.metaDescription, keywords: [], canonicalPath: path }),
      );
    }
    if (segment === 'emojis') return emojiPage('classic');
    const country = findCountry(path);
    if (country) return countryPage(country, baseUrl);
    const hub = findHub(path);
    if (hub) return hubPage(hub, baseUrl);
    return notFound('country', rawPath);
  }

  if (segments.length === 2) {
    const [first, second] = segments as [string, string];
    if ((first === 'tags' || first === 'circle') && second === 'test') {
      return found(
        { kind: 'avatarTest', test: first },
        head({
          title: `${first === 'tags' ? AVATAR_TEST_TEXTS.tagsTitle : AVATAR_TEST_TEXTS.circleTitle} - ${SITE}`,
          description: first === 'tags' ? AVATAR_TEST_TEXTS.tagsIntro : AVATAR_TEST_TEXTS.circleIntro,
          keywords: [],
          noindex: true,
        }),
      );
    }
    if (first === 'emojis') {
      const category = EMOJI_CATEGORIES.find((c) => c.id === second);
      return category ? emojiPage(category.id) : notFound('page', rawPath);
    }
    const country = findCountry(`/${first}`);
    if (country) {
      if (second === DIAGNOSTIC_SEGMENT) {
        const cities = citiesOf(country.path);
        return {
          status: 200,
          data: {
            kind: 'diagnostic',
            countryPath: country.path,
            result: {
              cityName: DIAGNOSTIC_SEGMENT,
              countryName: country.nameAr,
              cityCount: cities.length,
              chatLinkCount: cities.reduce((sum, city) => sum + city.chatLinks.length, country.chatLinks.length),
            },
          },
          head: head({
            title: `${LANDING_TEXTS.diagnostic.title} - ${country.nameAr}`,
            description: LANDING_TEXTS.diagnostic.success,
            keywords: [],
            noindex: true,
          }),
        };
      }
      const city = findCity(path);
      if (city) return cityPage(city, country, baseUrl);
      return notFound('city', rawPath, {
        countryFound: true,
        citiesInCountry: citiesOf(country.path).length,
        citiesInCatalogue: CITIES.length,
      });
    }
    if (second === DIAGNOSTIC_SEGMENT) {
      return {
        status: 404,
        data: { kind: 'diagnostic', countryPath: `/${first}` },
        head: head({
          title: `${LANDING_TEXTS.diagnostic.title} - ${SITE}`,
          description: LANDING_TEXTS.diagnostic.notFound,
          keywords: [],
          noindex: true,
        }),
      };
    }
    const subChat = findSubChat(path);
    if (subChat) return subChatPage(subChat, baseUrl);
    if (findHub(`/${first}`)) return notFound('subChat', rawPath);
    return notFound('page', rawPath);
  }

  return notFound('page', rawPath);
}
