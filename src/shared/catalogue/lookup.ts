import { CITIES } from './cities';
import { COUNTRIES } from './country-entries';
import { HUBS } from './hubs';
import { SUB_CHATS } from './subchats';
import type { CityEntry, CitySearchFilters, CityStatistics, CountryEntry, HubEntry, SubChatEntry } from './types';

export { countryIdOf } from './countries';

function canonicalPath(path: string): string {
  const lowered = path
    .trim()
    .normalize('NFC')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const stripped = lowered.replace(/\/+$/, '');
  return stripped === '' && lowered.startsWith('/') ? '/' : stripped;
}

/**
 * The form catalogue paths are stored and compared in: percent-decoded, NFC (so a decomposed é matches the stored
 * 'mohéli'), no trailing slash ('/' stays '/'), ASCII letters lowercased (Arabic and other scripts are left alone).
 * Malformed percent-encoding is not an error: the raw path is used undecoded.
 */
export function normalizeCataloguePath(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // e.g. '%E0%A4%A': keep the raw text; it simply will not match any entry.
  }
  return canonicalPath(decoded);
}

function indexByPath<T extends { path: string }>(entries: readonly T[]): ReadonlyMap<string, T> {
  return new Map(entries.map((entry) => [normalizeCataloguePath(entry.path), entry]));
}

function groupBy<T>(entries: readonly T[], key: (entry: T) => string): ReadonlyMap<string, readonly T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const group = groups.get(key(entry));
    if (group) group.push(entry);
    else groups.set(key(entry), [entry]);
  }
  return groups;
}

const COUNTRY_BY_PATH = indexByPath(COUNTRIES);
const CITY_BY_PATH = indexByPath(CITIES);
const SUB_CHAT_BY_PATH = indexByPath(SUB_CHATS);
const HUB_BY_PATH = indexByPath(HUBS);
const CITIES_BY_COUNTRY = groupBy(CITIES, (city) => city.countryPath);
const SUB_CHATS_BY_PARENT = groupBy(SUB_CHATS, (subChat) => subChat.parentPath);

export function findCountry(path: string): CountryEntry | undefined {
  return COUNTRY_BY_PATH.get(normalizeCataloguePath(path));
}

export function findCity(path: string): CityEntry | undefined {
  return CITY_BY_PATH.get(normalizeCataloguePath(path));
}

export function findSubChat(path: string): SubChatEntry | undefined {
  return SUB_CHAT_BY_PATH.get(normalizeCataloguePath(path));
}

export function findHub(path: string): HubEntry | undefined {
  return HUB_BY_PATH.get(normalizeCataloguePath(path));
}

/** '/egypt' or 'egypt' → '/egypt'. */
function withSlash(path: string): string {
  const normalized = normalizeCataloguePath(path);
  return normalized.startsWith('/') ? normalized : `/${normalized}`;
}

/** A country's cities (its mobile room included), in catalogue order. Accepts '/egypt' or 'egypt'. */
export function citiesOf(countryPath: string): CityEntry[] {
  return [...(CITIES_BY_COUNTRY.get(withSlash(countryPath)) ?? [])];
}

/** A hub's sub-chats, in catalogue order. Accepts '/sabaya' or 'sabaya'. */
export function subChatsOf(parentPath: string): SubChatEntry[] {
  return [...(SUB_CHATS_BY_PARENT.get(withSlash(parentPath)) ?? [])];
}

/** spec §3: a mobile chat entry is any entry whose id contains 'mobile'. */
export function isMobileEntry(city: CityEntry): boolean {
  return city.id.includes('mobile');
}

/**
 * Folds text for matching: case, Latin accents, Arabic diacritics and tatweel dropped, hamza carriers and alef forms
 * to bare letters (NFKD splits أ إ آ ؤ ئ into letter + mark), ة→ه, ى→ي, Persian kaf/yeh to Arabic.
 * So 'الاسكندرية' finds 'الإسكندرية' and 'moheli' finds 'Mohéli'.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .replace(/\u0671/g, 'ا')
    .replace(/\u0629/g, 'ه')
    .replace(/[\u0649\u06cc]/g, 'ي')
    .replace(/\u06a9/g, 'ك')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const CITY_HAYSTACKS: ReadonlyMap<CityEntry, readonly string[]> = new Map(
  CITIES.map((city) => [city, [city.nameAr, city.nameEn, city.title].map(foldForSearch)]),
);

/**
 * spec §5 city search: the query matches the Arabic name, English name or title (case-, accent- and hamza-insensitive).
 * An empty query matches every city, so the filters alone can list cities.
 */
export function searchCities(query: string, filters: CitySearchFilters = {}): CityEntry[] {
  const needle = foldForSearch(query);
  const countryPath = filters.country === undefined ? undefined : withSlash(filters.country);
  const region = filters.region === undefined ? undefined : foldForSearch(filters.region);
  return CITIES.filter((city) => {
    if (countryPath !== undefined && city.countryPath !== countryPath) return false;
    if (region !== undefined && (city.region === undefined || foldForSearch(city.region) !== region)) return false;
    if (filters.mobile !== undefined && isMobileEntry(city) !== filters.mobile) return false;
    if (needle === '') return true;
    const haystacks = CITY_HAYSTACKS.get(city) ?? [];
    return haystacks.some((haystack) => haystack.includes(needle));
  });
}

/** spec §5: the most populous cities first; entries without a population are left out. */
export function popularCities(limit = 10): CityEntry[] {
  const count = Math.max(0, Math.floor(limit));
  return CITIES.filter((city) => city.population !== undefined)
    .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))
    .slice(0, count);
}

/** spec §3 "City statistics". */
export function cityStatistics(cities: readonly CityEntry[]): CityStatistics {
  const regions: string[] = [];
  for (const city of cities) {
    if (city.region !== undefined && !regions.includes(city.region)) regions.push(city.region);
  }
  return {
    totalCities: cities.length,
    hasMobileChat: cities.some(isMobileEntry),
    hasCapital: cities.some((city) => city.isCapital === true),
    regions,
  };
}
