/**
 * Every HTTP endpoint, by resource. The server registers each route from its entry; the browser
 * imports the resource it needs (so a page bundles only its own schemas).
 */
import { authEndpoints } from './auth';
import { messagesEndpoints } from './messages';
import { moderationEndpoints } from './moderation';
import { privateMessagesEndpoints } from './private-messages';
import { reportsEndpoints } from './reports';
import { roomsEndpoints } from './rooms';
import { systemEndpoints } from './system';
import { usersEndpoints } from './users';
import { settingsEndpoints } from './settings';

export const endpoints = {
  auth: authEndpoints,
  users: usersEndpoints,
  rooms: roomsEndpoints,
  messages: messagesEndpoints,
  privateMessages: privateMessagesEndpoints,
  moderation: moderationEndpoints,
  reports: reportsEndpoints,
  system: systemEndpoints,
  settings: settingsEndpoints,
};
