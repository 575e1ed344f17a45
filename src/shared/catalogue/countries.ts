/**
 * The twenty countries of spec §2. Each has a chat room whose id is the country path.
 * The full landing-page catalogue (titles, descriptions, cities) builds on this list.
 */
export const COUNTRY_PATHS = [
  'oman',
  'egypt',
  'saudi',
  'algeria',
  'bahrain',
  'uae',
  'jordan',
  'kuwait',
  'libya',
  'tunisia',
  'morocco',
  'sudan',
  'palestine',
  'qatar',
  'yemen',
  'lebanon',
  'syria',
  'iraq',
  'comoros',
  'djibouti',
] as const;

export type CountryPath = (typeof COUNTRY_PATHS)[number];

export interface CountryName {
  path: CountryPath;
  nameAr: string;
  nameEn: string;
}

export const COUNTRY_NAMES: readonly CountryName[] = [
  { path: 'oman', nameAr: 'عُمان', nameEn: 'Oman' },
  { path: 'egypt', nameAr: 'مصر', nameEn: 'Egypt' },
  { path: 'saudi', nameAr: 'السعودية', nameEn: 'Saudi Arabia' },
  { path: 'algeria', nameAr: 'الجزائر', nameEn: 'Algeria' },
  { path: 'bahrain', nameAr: 'البحرين', nameEn: 'Bahrain' },
  { path: 'uae', nameAr: 'الإمارات', nameEn: 'United Arab Emirates' },
  { path: 'jordan', nameAr: 'الأردن', nameEn: 'Jordan' },
  { path: 'kuwait', nameAr: 'الكويت', nameEn: 'Kuwait' },
  { path: 'libya', nameAr: 'ليبيا', nameEn: 'Libya' },
  { path: 'tunisia', nameAr: 'تونس', nameEn: 'Tunisia' },
  { path: 'morocco', nameAr: 'المغرب', nameEn: 'Morocco' },
  { path: 'sudan', nameAr: 'السودان', nameEn: 'Sudan' },
  { path: 'palestine', nameAr: 'فلسطين', nameEn: 'Palestine' },
  { path: 'qatar', nameAr: 'قطر', nameEn: 'Qatar' },
  { path: 'yemen', nameAr: 'اليمن', nameEn: 'Yemen' },
  { path: 'lebanon', nameAr: 'لبنان', nameEn: 'Lebanon' },
  { path: 'syria', nameAr: 'سوريا', nameEn: 'Syria' },
  { path: 'iraq', nameAr: 'العراق', nameEn: 'Iraq' },
  { path: 'comoros', nameAr: 'جزر القمر', nameEn: 'Comoros' },
  { path: 'djibouti', nameAr: 'جيبوتي', nameEn: 'Djibouti' },
];

export function countryName(path: string): CountryName | undefined {
  return COUNTRY_NAMES.find((country) => country.path === path);
}

const COUNTRY_PATH_SET: ReadonlySet<string> = new Set(COUNTRY_PATHS);

export function isCountryPath(value: string): value is CountryPath {
  return COUNTRY_PATH_SET.has(value);
}

/**
 * spec §3: a page's countryId is its country path without the slash for the twenty countries, otherwise 'unknown'.
 * Accepts '/egypt' or 'egypt'.
 */
export function countryIdOf(countryPath: string): CountryPath | 'unknown' {
  const id = countryPath.startsWith('/') ? countryPath.slice(1) : countryPath;
  return isCountryPath(id) ? id : 'unknown';
}
