import type { ChatLink, CityEntry, CityStatistics, SubChatEntry } from '../catalogue/types';
import type { EmojiCategoryId } from '../emoji/emojis';

/**
 * What one server-rendered page needs, and nothing more: it is embedded in the HTML for hydration,
 * so the browser never downloads the whole catalogue.
 */

export interface LinkItem {
  path: string;
  name: string;
  hint?: string;
}

export interface Breadcrumb {
  name: string;
  path: string;
}

/** Pages that lead into the chat: they show the welcome screen, or the chat for a signed-in user. */
export type EntryPageData =
  | { kind: 'home'; countries: LinkItem[]; hubs: LinkItem[]; popularCities: LinkItem[] }
  | { kind: 'arabic' }
  | {
      kind: 'country';
      country: { id: string; path: string; nameAr: string; nameEn: string; description: string; chatLinks: ChatLink[] };
      cities: LinkItem[];
      stats: CityStatistics;
    }
  | {
      kind: 'city';
      city: CityEntry;
      country: { path: string; nameAr: string };
      siblings: LinkItem[];
    }
  | {
      kind: 'hub';
      hub: {
        id: string;
        path: string;
        nameAr: string;
        description: string;
        kind: 'hub' | 'portal';
        chatLinks: ChatLink[];
      };
      subChats: LinkItem[];
      related: LinkItem[];
    }
  | { kind: 'subChat'; subChat: SubChatEntry; parent: LinkItem; siblings: LinkItem[] }
  /** A room's own address (`/chat/{roomId}`): the entry form, then straight into that room. */
  | { kind: 'chat'; roomId: string; /** The room's seeded name, for a site or catalogue room. */ roomName?: string };

/** The retention periods the site is configured with (RETENTION_*_DAYS), which the privacy page states. */
export interface RetentionDays {
  publicDays: number;
  privateDays: number;
  securityDays: number;
}

export type PageData =
  | EntryPageData
  | { kind: 'legal'; doc: 'privacy' | 'terms'; contactEmail: string; retention: RetentionDays }
  | { kind: 'emojis'; tab: EmojiCategoryId }
  /** The internal visual tests `/tags/test` and `/circle/test`. */
  | { kind: 'avatarTest'; test: 'tags' | 'circle' }
  | {
      kind: 'diagnostic';
      countryPath: string;
      /** Absent when the country is not in the catalogue (the not-found variant). */
      result?: { cityName: string; countryName: string; cityCount: number; chatLinkCount: number };
    }
  | {
      kind: 'notFound';
      reason: 'country' | 'city' | 'subChat' | 'page';
      requestedPath: string;
      /** The debug card of the unknown-city screen: what the catalogue holds. */
      debug?: { countryFound: boolean; citiesInCountry: number; citiesInCatalogue: number };
    };

export type PageKind = PageData['kind'];

export function isEntryPage(page: PageData): page is EntryPageData {
  return ['home', 'arabic', 'country', 'city', 'hub', 'subChat', 'chat'].includes(page.kind);
}

/** The chat links of a landing page (none for other pages). */
function pageLinks(page: PageData): ChatLink[] {
  const entry =
    page.kind === 'country'
      ? page.country
      : page.kind === 'city'
        ? page.city
        : page.kind === 'hub'
          ? page.hub
          : page.kind === 'subChat'
            ? page.subChat
            : undefined;
  return entry?.chatLinks ?? [];
}

/** The chat room a page is about: offered first in the room picker after entering from it. */
export function pageRoomId(page: PageData): string | null {
  return page.kind === 'chat' ? page.roomId : (pageLinks(page)[0]?.roomId ?? null);
}

/** The name of a room the page's chat links (or a room's address) open: the entry screen says it. */
export function pageRoomName(page: PageData, roomId: string): string | undefined {
  // A room's address names only itself.
  return page.kind === 'chat' ? page.roomName : pageLinks(page).find((link) => link.roomId === roomId)?.roomName;
}

/** The address of a room in the chat: shareable, and a reload comes back to it. */
export function chatPath(roomId: string): string {
  return `/chat/${encodeURIComponent(roomId)}`;
}

/** The room a `/chat/{roomId}` path names, or null for any other path. */
export function roomIdFromPath(pathname: string): string | null {
  const match = /^\/chat\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const roomId = decodeURIComponent(match[1]!).trim();
    return roomId.length > 0 && roomId.length <= 64 ? roomId : null;
  } catch {
    return null;
  }
}

/** Everything the <head> of a page holds, besides the built assets. */
export interface PageHead {
  title: string;
  description: string;
  keywords: string[];
  /** Path of the canonical URL ('/egypt/cairo'); absent for pages that must not be indexed. */
  canonicalPath?: string;
  noindex: boolean;
  breadcrumbs?: Breadcrumb[];
  /** JSON-LD objects, already shaped. */
  jsonLd: Record<string, unknown>[];
}

export interface ResolvedPage {
  status: 200 | 404;
  data: PageData;
  head: PageHead;
}
