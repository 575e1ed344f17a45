/**
 * Every HTTP endpoint, by resource. The server registers each route from its entry; the browser
 * imports the resource it needs (so a page bundles only its own schemas).
 */
import { authEndpoints } from './auth';
import { friendsEndpoints } from './friends';
import { ignoreEndpoints } from './ignore';
import { notificationsEndpoints } from './notifications';
import { reactionsEndpoints } from './reactions';
import { connectionEndpoints } from './connection';
import { messagesEndpoints } from './messages';
import { moderationEndpoints } from './moderation';
import { privateMessagesEndpoints } from './private-messages';
import { reportsEndpoints } from './reports';
import { roomsEndpoints } from './rooms';
import { systemEndpoints } from './system';
import { uploadsEndpoints } from './uploads';
import { usersEndpoints } from './users';
import { voiceEndpoints } from './voice';
import { settingsEndpoints } from './settings';
import { wallsEndpoints } from './walls';
import { storiesEndpoints } from './stories';
import { pushEndpoints } from './push';
import { voiceNotesEndpoints } from './voice-notes';

export const endpoints = {
  auth: authEndpoints,
  users: usersEndpoints,
  rooms: roomsEndpoints,
  messages: messagesEndpoints,
  privateMessages: privateMessagesEndpoints,
  moderation: moderationEndpoints,
  reports: reportsEndpoints,
  system: systemEndpoints,
  uploads: uploadsEndpoints,
  voice: voiceEndpoints,
  reactions: reactionsEndpoints,
  notifications: notificationsEndpoints,
  ignore: ignoreEndpoints,
  friends: friendsEndpoints,
  connection: connectionEndpoints,
  settings: settingsEndpoints,
  walls: wallsEndpoints,
  stories: storiesEndpoints,
  push: pushEndpoints,
  voiceNotes: voiceNotesEndpoints,
};
