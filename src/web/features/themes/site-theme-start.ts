/** localStorage key of the last theme seen (apply-theme.ts writes it too). */
const STORAGE_KEY = 'siteTheme';
/** settingsEndpoints.siteTheme, spelled out so that this file pulls in no schema code. */
const SITE_THEME_PATH = '/api/settings/site-theme';

const applyTheme = (theme: string) => import('./apply-theme').then((m) => m.applyTheme(theme));

function stored(): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * At start (spec §4 "Theme"): the stored theme applies, then the server's replaces it. A page the
 * server rendered already carries the site theme (no flash), so it is only remembered; the
 * theme code itself loads only when the theme must change (this runs on every landing page).
 */
export function startSiteTheme(serverRendered: boolean): void {
  const shown = document.documentElement.dataset.theme;
  if (serverRendered && shown) {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(shown));
    } catch {
      // private mode: nothing to remember with
    }
  } else {
    const theme = stored();
    if (theme && theme !== shown) void applyTheme(theme);
  }
  fetch(SITE_THEME_PATH, { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((body) => {
      const theme =
        body && typeof body === 'object' && 'siteTheme' in body && typeof body.siteTheme === 'string'
          ? body.siteTheme
          : null;
      if (theme && theme !== document.documentElement.dataset.theme) void applyTheme(theme);
    })
    .catch(() => undefined); // offline: the stored theme stays
}
