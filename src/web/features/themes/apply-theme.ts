import * as z from 'zod/mini';
import { themeCss, themeOrDefault, type ThemeId } from '../../../shared/themes/themes';
import { readLocal, writeLocal } from '../../lib/local-store';

const STORAGE_KEY = 'siteTheme';
const STYLE_ID = 'site-theme';

/** The theme this page shows now (the server writes it on <html> for the pages it renders). */
export function shownTheme(): ThemeId {
  return themeOrDefault(document.documentElement.dataset.theme);
}

export function storedTheme(): ThemeId | null {
  const stored = readLocal(STORAGE_KEY, z.string());
  return stored === null ? null : themeOrDefault(stored);
}

/** Shows a theme (its variables in one <style>), and keeps it for the next start. */
export function applyTheme(theme: string): ThemeId {
  const id = themeOrDefault(theme);
  writeLocal(STORAGE_KEY, id);
  if (document.documentElement.dataset.theme === id && document.getElementById(STYLE_ID)) return id;
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = themeCss(id);
  document.documentElement.dataset.theme = id;
  return id;
}
