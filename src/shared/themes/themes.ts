import { contrast, isDark, mix, readableOn } from './color';
import { readableColor } from './readable-color';

/** The 18 site themes of spec §9. */
export const THEME_IDS = [
  'default',
  'dark',
  'ocean',
  'sunset',
  'forest',
  'royal',
  'fire',
  'ice',
  'orangeCool',
  'pinkCool',
  'berryCool',
  'tealCool',
  'grapeMist',
  'roseAsh',
  'midnightBlue',
  'cocoaMint',
  'amberFog',
  'arcticBlue',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const DEFAULT_THEME: ThemeId = 'default';

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && (THEME_IDS as readonly string[]).includes(value);
}

/** An unknown id uses default (spec §9). */
export function themeOrDefault(value: unknown): ThemeId {
  return isThemeId(value) ? value : DEFAULT_THEME;
}

interface ThemeBase {
  /** Arabic name shown in the owner's picker. */
  name: string;
  primary: string;
  primaryForeground: string;
  background: string;
  foreground: string;
  /** Dark-styled sidebars (spec §9: dark and berryCool). */
  darkSidebar?: boolean;
  /** The navigation bar; derived from primary when absent (default: black, spec §9). */
  nav?: string;
}

export const THEME_BASES: Record<ThemeId, ThemeBase> = {
  default: {
    name: 'الافتراضي',
    primary: '#0e7c66',
    primaryForeground: '#ffffff',
    background: '#f4f6f9',
    foreground: '#111827',
    nav: '#000000',
  },
  dark: {
    name: 'داكن',
    primary: '#34d399',
    primaryForeground: '#052e22',
    background: '#0f1115',
    foreground: '#e5e7eb',
    darkSidebar: true,
  },
  ocean: {
    name: 'المحيط',
    primary: '#0369a1',
    primaryForeground: '#ffffff',
    background: '#eff7fb',
    foreground: '#0c2536',
  },
  sunset: {
    name: 'الغروب',
    primary: '#c2410c',
    primaryForeground: '#ffffff',
    background: '#fff7f0',
    foreground: '#2a160b',
  },
  forest: {
    name: 'الغابة',
    primary: '#166534',
    primaryForeground: '#ffffff',
    background: '#f2f8f1',
    foreground: '#13230f',
  },
  royal: {
    name: 'ملكي',
    primary: '#5b21b6',
    primaryForeground: '#ffffff',
    background: '#f6f3fc',
    foreground: '#1e1235',
  },
  fire: {
    name: 'النار',
    primary: '#b91c1c',
    primaryForeground: '#ffffff',
    background: '#fff5f3',
    foreground: '#2b0f0c',
  },
  ice: {
    name: 'الجليد',
    primary: '#0e7490',
    primaryForeground: '#ffffff',
    background: '#f0fbfd',
    foreground: '#0b2730',
  },
  orangeCool: {
    name: 'برتقالي هادئ',
    primary: '#b45309',
    primaryForeground: '#ffffff',
    background: '#fffaf2',
    foreground: '#2b1a07',
  },
  pinkCool: {
    name: 'وردي هادئ',
    primary: '#be185d',
    primaryForeground: '#ffffff',
    background: '#fdf4f8',
    foreground: '#33101f',
  },
  berryCool: {
    name: 'توتي هادئ',
    primary: '#a21caf',
    primaryForeground: '#ffffff',
    background: '#faf5fb',
    foreground: '#2a0f2e',
    darkSidebar: true,
  },
  tealCool: {
    name: 'فيروزي هادئ',
    primary: '#0f766e',
    primaryForeground: '#ffffff',
    background: '#effaf8',
    foreground: '#0c2a27',
  },
  grapeMist: {
    name: 'ضباب العنب',
    primary: '#6d28d9',
    primaryForeground: '#ffffff',
    background: '#f5f3ff',
    foreground: '#211a3a',
  },
  roseAsh: {
    name: 'رماد الورد',
    primary: '#9f1239',
    primaryForeground: '#ffffff',
    background: '#faf6f6',
    foreground: '#2d1b1e',
  },
  midnightBlue: {
    name: 'أزرق منتصف الليل',
    primary: '#1e3a8a',
    primaryForeground: '#ffffff',
    background: '#f1f4fb',
    foreground: '#0f1a3a',
  },
  cocoaMint: {
    name: 'كاكاو ونعناع',
    primary: '#2f7356',
    primaryForeground: '#ffffff',
    background: '#f7f3ef',
    foreground: '#2b1d16',
  },
  amberFog: {
    name: 'ضباب كهرماني',
    primary: '#92400e',
    primaryForeground: '#ffffff',
    background: '#fbf8f1',
    foreground: '#2a2213',
  },
  arcticBlue: {
    name: 'أزرق قطبي',
    primary: '#1d4ed8',
    primaryForeground: '#ffffff',
    background: '#f3f7fc',
    foreground: '#0f1d33',
  },
};

/** Every colour variable the interface reads (styles.css), for one theme. */
export interface ThemeColors {
  background: string;
  foreground: string;
  card: string;
  'card-foreground': string;
  muted: string;
  'muted-foreground': string;
  border: string;
  primary: string;
  'primary-foreground': string;
  accent: string;
  'accent-foreground': string;
  destructive: string;
  'destructive-foreground': string;
  warning: string;
  'warning-foreground': string;
  success: string;
  nav: string;
  'nav-foreground': string;
  ring: string;
  'own-message': string;
  sidebar: string;
  'sidebar-foreground': string;
  'sidebar-muted': string;
  'sidebar-muted-foreground': string;
  'sidebar-border': string;
  'sidebar-primary': string;
  'sidebar-primary-foreground': string;
  'sidebar-accent': string;
  'sidebar-accent-foreground': string;
}

/**
 * A signal colour (error, warning, success) as text: its hue kept, readable on every ground and
 * on its own light tint over the card (`bg-destructive/10` behind `text-destructive`).
 */
function signal(base: string, grounds: string[], card: string): string {
  let color = readableColor(base, grounds);
  for (let i = 0; i < 3; i++) color = readableColor(color, [...grounds, mix(card, color, 0.2)]);
  return color;
}

/** The theme's four colours and the shades derived from them, each text colour readable on its ground. */
export function themeColors(id: ThemeId): ThemeColors {
  const t = THEME_BASES[id];
  const dark = isDark(t.background);
  const bg = t.background;
  const fg = t.foreground;
  const card = dark ? mix(bg, fg, 0.06) : mix(bg, '#ffffff', 0.75);
  const muted = dark ? mix(bg, fg, 0.1) : mix(bg, fg, 0.05);
  const primary = readableOn(t.primary, t.primaryForeground);
  const accent = mix(bg, primary, dark ? 0.18 : 0.1);
  const ownMessage = mix(bg, primary, dark ? 0.12 : 0.07);
  // Muted text must be readable wherever it sits: the page, cards, muted panels, the current
  // item (accent) and one's own messages.
  let mutedFg = mix(fg, bg, 0.38);
  for (const ground of [bg, card, muted, accent, ownMessage]) mutedFg = readableOn(mutedFg, ground);
  const nav = t.nav ?? mix(primary, '#000000', dark ? 0.55 : 0.4);
  const sidebar = t.darkSidebar ? mix(mix(primary, '#000000', 0.82), bg, dark ? 0.3 : 0) : card;
  const sidebarFg = t.darkSidebar ? '#f3f4f6' : fg;
  const sidebarMuted = t.darkSidebar ? mix(sidebar, '#ffffff', 0.08) : muted;
  // A dark side column on a light theme has its own primary (light enough to read on it, as in
  // dark) and its own current-item shade; elsewhere the side column shares the page's.
  const sidebarPrimary = t.darkSidebar ? readableColor(primary, [sidebar, sidebarMuted]) : primary;
  const sidebarAccent = t.darkSidebar ? mix(sidebar, sidebarPrimary, 0.22) : accent;
  let sidebarMutedFg = mix(sidebarFg, sidebar, 0.35);
  for (const ground of [sidebarMuted, sidebar, sidebarAccent]) sidebarMutedFg = readableOn(sidebarMutedFg, ground);
  const grounds = [bg, card, muted];
  const destructive = signal('#b91c1c', grounds, card);
  const warning = signal('#b45309', grounds, card);
  return {
    background: bg,
    foreground: fg,
    card,
    'card-foreground': readableOn(fg, card),
    muted,
    'muted-foreground': mutedFg,
    border: mix(bg, fg, dark ? 0.18 : 0.12),
    primary,
    'primary-foreground': t.primaryForeground,
    accent,
    'accent-foreground': readableOn(mix(primary, fg, 0.35), accent),
    destructive,
    'destructive-foreground': readableOn('#ffffff', destructive),
    warning,
    'warning-foreground': readableOn('#ffffff', warning),
    success: signal('#15803d', grounds, card),
    nav,
    'nav-foreground': readableOn('#f5f5f5', nav, 7),
    ring: primary,
    'own-message': ownMessage,
    sidebar,
    'sidebar-foreground': readableOn(sidebarFg, sidebar),
    'sidebar-muted': sidebarMuted,
    'sidebar-muted-foreground': sidebarMutedFg,
    'sidebar-border': t.darkSidebar ? mix(sidebar, '#ffffff', 0.14) : mix(bg, fg, dark ? 0.18 : 0.12),
    'sidebar-primary': sidebarPrimary,
    'sidebar-primary-foreground': readableOn(t.primaryForeground, sidebarPrimary),
    'sidebar-accent': sidebarAccent,
    'sidebar-accent-foreground': readableOn(mix(sidebarPrimary, sidebarFg, 0.35), sidebarAccent),
  };
}

/** Text/ground pairs that must reach 4.5:1 (checked by the themes test). */
export const READABLE_PAIRS: [keyof ThemeColors, keyof ThemeColors][] = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['foreground', 'muted'],
  ['foreground', 'own-message'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['muted-foreground', 'accent'],
  ['muted-foreground', 'own-message'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['primary-foreground', 'primary'],
  ['accent-foreground', 'accent'],
  ['destructive', 'background'],
  ['destructive', 'card'],
  ['destructive', 'muted'],
  ['destructive-foreground', 'destructive'],
  ['warning', 'background'],
  ['warning', 'card'],
  ['warning-foreground', 'warning'],
  ['success', 'card'],
  ['nav-foreground', 'nav'],
  ['sidebar-foreground', 'sidebar'],
  ['sidebar-foreground', 'sidebar-accent'],
  ['sidebar-muted-foreground', 'sidebar'],
  ['sidebar-muted-foreground', 'sidebar-muted'],
  ['sidebar-muted-foreground', 'sidebar-accent'],
  ['sidebar-primary', 'sidebar'],
  ['sidebar-primary-foreground', 'sidebar-primary'],
  ['sidebar-accent-foreground', 'sidebar-accent'],
];

/**
 * The grounds text sits on, per surface: the main column (page, cards, panels, one's own
 * messages, the current item) and the side columns (`[data-sidebar]`, dark in dark and berryCool).
 * A colour someone picked is made readable on all the grounds of the surface it is drawn on.
 */
export type TextSurface = 'main' | 'sidebar';
export function textGrounds(colors: ThemeColors): Record<TextSurface, string[]> {
  return {
    main: [colors.background, colors.card, colors.muted, colors['own-message'], colors.accent],
    sidebar: [colors.sidebar, colors['sidebar-muted'], colors['sidebar-accent']],
  };
}

/** The CSS of a theme: its variables on :root, and the colour scheme for form controls. */
export function themeCss(id: ThemeId): string {
  const colors = themeColors(id);
  const vars = Object.entries(colors)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';');
  // The strength of the light over names with effects (user-name.css): full on dark grounds, faint
  // on light ones so the letters stay readable under it.
  const light = (ground: string) => (isDark(ground) ? 0.9 : 0.25);
  return `html[data-theme]{${vars};--name-light:${light(colors.background)};--sidebar-name-light:${light(colors.sidebar)};color-scheme:${isDark(colors.background) ? 'dark' : 'light'}}`;
}

export { contrast };
