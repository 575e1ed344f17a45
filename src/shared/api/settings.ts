import * as z from 'zod/mini';
import { THEME_IDS } from '../themes/themes';
import { endpoint } from './endpoint';

export const siteThemeSchema = z.enum(THEME_IDS, { error: 'THEME_INVALID' });
const siteThemeReply = z.object({ siteTheme: siteThemeSchema });

export const settingsEndpoints = {
  siteTheme: endpoint({
    method: 'GET',
    path: '/api/settings/site-theme',
    auth: 'none',
    reply: siteThemeReply,
    summary: 'The site theme (called at start)',
  }),
  setSiteTheme: endpoint({
    method: 'PUT',
    path: '/api/settings/site-theme',
    auth: 'session',
    body: z.object({ siteTheme: siteThemeSchema }),
    reply: siteThemeReply,
    summary: 'Sets the site theme (owner only); every open page switches to it',
  }),
};
