import { settingsEndpoints } from '../../../shared/api/settings';
import { callApi } from '../../lib/api';
import { applyTheme, storedTheme } from './apply-theme';

/**
 * At start (spec §4 "Theme"): the stored theme applies, then the server's replaces it. A page the
 * server rendered already carries the site theme (no flash), so only the development server's
 * pages start from the stored one.
 */
export function startSiteTheme(serverRendered: boolean): void {
  if (serverRendered && document.documentElement.dataset.theme) applyTheme(document.documentElement.dataset.theme);
  else {
    const stored = storedTheme();
    if (stored) applyTheme(stored);
  }
  void callApi(settingsEndpoints.siteTheme).then(
    ({ siteTheme }) => applyTheme(siteTheme),
    () => undefined, // offline: the stored theme stays
  );
}
