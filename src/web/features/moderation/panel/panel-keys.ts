/** The panel's data, each under one key so lists refresh together after an action or a live change. */
export const PANEL_KEYS = {
  online: ['moderation', 'online'] as const,
  sanctions: ['moderation', 'sanctions'] as const,
  log: ['moderation', 'log'] as const,
  words: ['moderation', 'words'] as const,
};
