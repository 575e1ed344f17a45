/**
 * Shapes of the landing-page catalogue (spec §3 "Country entry", "City entry", "Sub-chat entry").
 * The data lives beside this file; only the server and the page renderer import it whole.
 */

/** A way into the chat from a landing page: entering picks `roomId` first in the room picker. */
export interface ChatLink {
  name: string;
  description?: string;
  /**
   * The chat room it leads to: the page's own room (a city's '{country}-{city}', a sub-chat's id, a hub's id, a
   * country's path), except where a page is an alias of another room (see catalogue-rooms.ts).
   */
  roomId: string;
  /** That room's name as the catalogue seeds it («القاهرة»), so the entry screen can say where one goes. */
  roomName: string;
}

export interface CountryEntry {
  /** Same as `path` without the slash, e.g. 'egypt'. */
  id: string;
  nameAr: string;
  nameEn: string;
  /** '/egypt' */
  path: string;
  /** <title> of the country page. */
  title: string;
  metaDescription: string;
  keywords: string[];
  chatLinks: ChatLink[];
  /** True for the twenty countries that have a chat room of their own (spec §2). */
  hasRoom: boolean;
}

export interface Coordinates {
  lat: number;
  lng: number;
}

export interface CityEntry {
  /** Unique: '{country}-{city}', e.g. 'egypt-cairo'; mobile rooms 'egypt-mobile'. */
  id: string;
  nameAr: string;
  nameEn: string;
  /** Full path, exactly as in spec §2: '/egypt/cairo', '/comoros/mohéli'. */
  path: string;
  /** '/egypt' */
  countryPath: string;
  /** The country path without the slash for the twenty countries of spec §2, otherwise 'unknown'. */
  countryId: string;
  title: string;
  metaDescription: string;
  keywords: string[];
  /** Exactly two: a general one and a specific one. */
  chatLinks: ChatLink[];
  isCapital?: boolean;
  /** Arabic name of the region, governorate or province. */
  region?: string;
  population?: number;
  coordinates?: Coordinates;
}

export interface SubChatEntry {
  /** e.g. 'sabaya-elegant-chat' */
  id: string;
  nameAr: string;
  nameEn: string;
  /** '/sabaya/elegant-chat' */
  path: string;
  /** '/sabaya' */
  parentPath: string;
  title: string;
  metaDescription: string;
  keywords: string[];
  chatLinks: ChatLink[];
}

/**
 * A single-segment themed page (spec §2 "hub pages"): '/watan', '/sabaya', '/no-signup'…
 * Portal and alias pages (/ahla-lamma, /beautiful-chat, /no-signup) are hubs too.
 */
export interface HubEntry {
  id: string;
  nameAr: string;
  nameEn: string;
  /** '/sabaya' */
  path: string;
  kind: 'hub' | 'portal';
  title: string;
  metaDescription: string;
  keywords: string[];
  chatLinks: ChatLink[];
  /** A country the hub is about (e.g. '/falastini' → '/palestine'); its room is offered first. */
  countryPath?: string;
}

export interface CityStatistics {
  totalCities: number;
  /** Any entry whose id contains 'mobile'. */
  hasMobileChat: boolean;
  hasCapital: boolean;
  /** Distinct regions, in catalogue order. */
  regions: string[];
}

export interface CitySearchFilters {
  /** Country path ('/egypt') or id ('egypt'). */
  country?: string;
  region?: string;
  /** true: only the mobile chat entries; false: none of them. */
  mobile?: boolean;
}
