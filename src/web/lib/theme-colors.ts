import { useSyncExternalStore } from 'react';
import { TEXT_COLOR_DEFAULT } from '../../shared/constants';
import { normalizeHexColor } from '../../shared/entities/message';
import { readableColor } from '../../shared/themes/readable-color';
import {
  DEFAULT_THEME,
  textGrounds,
  themeColors,
  themeOrDefault,
  type TextSurface,
  type ThemeId,
} from '../../shared/themes/themes';

/*
 * The theme the page shows (`<html data-theme>`, set by the server and by apply-theme), as React
 * state, and colours people picked made readable on it. One observer for the whole page, however
 * many names and messages listen.
 */

const listeners = new Set<() => void>();
let observer: MutationObserver | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!observer) {
    observer = new MutationObserver(() => listeners.forEach((notify) => notify()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = undefined;
    }
  };
}

const shown = (): ThemeId => themeOrDefault(document.documentElement.dataset.theme);

/** The site theme on screen; components using it redraw when the owner changes it. */
export function useShownTheme(): ThemeId {
  return useSyncExternalStore(subscribe, shown, () => DEFAULT_THEME);
}

const groundsByTheme = new Map<ThemeId, Record<TextSurface, string[]>>();
const readable = new Map<string, string>();

/**
 * `hex` (a colour someone picked, lower-case #rrggbb) as this viewer should see it on `surface`:
 * unchanged when it reads there, else moved in lightness until it does (readableColor). Cached,
 * so a long chat costs one computation per colour and theme.
 */
export function readableOn(theme: ThemeId, surface: TextSurface, hex: string): string {
  const key = `${theme}|${surface}|${hex}`;
  let color = readable.get(key);
  if (color === undefined) {
    let grounds = groundsByTheme.get(theme);
    if (!grounds) groundsByTheme.set(theme, (grounds = textGrounds(themeColors(theme))));
    color = readableColor(hex, grounds[surface]);
    // Picked colours are few (a palette of 24 and some names); the bound only guards a page left open for days.
    if (readable.size > 2000) readable.clear();
    readable.set(key, color);
  }
  return color;
}

/**
 * The colour to draw a message's text in: none (the theme's text colour) for the default
 * (spec: #000000 means "the text colour"), else the sender's colour made readable here.
 */
export function messageTextColor(theme: ThemeId, textColor: string | null | undefined): string | undefined {
  const hex = normalizeHexColor(textColor);
  return hex && hex !== TEXT_COLOR_DEFAULT ? readableOn(theme, 'main', hex) : undefined;
}
