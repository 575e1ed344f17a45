/** Site settings: the site theme every open page follows. */
import * as z from 'zod/mini';
import { THEME_IDS } from '../themes/themes';
import { envelope } from './registry';

export const settingsEnvelopes = {
  site_theme_update: envelope('site_theme_update', 'To everyone: the owner changed the site theme', {
    siteTheme: z.enum(THEME_IDS),
  }),
};
