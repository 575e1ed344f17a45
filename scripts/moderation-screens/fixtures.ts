/** Server answers for the moderation screens page: what the moderation endpoints will return. */
import type { LogEntry, Report, Sanction } from '../../src/shared/entities/moderation';
import type { OnlineUser } from '../../src/shared/entities/user';
import { aMessage, anOnlineUser, aPublicUser, aRoom } from '../../src/web/testing/fixtures';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const minutesAhead = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export const ROOMS = [
  aRoom('general', { name: 'الغرفة العامة', isDefault: true, userCount: 6 }),
  aRoom('egypt', { name: 'دردشة مصر', userCount: 3 }),
  aRoom('saudi', { name: 'دردشة السعودية', userCount: 2 }),
];

export const ONLINE: OnlineUser[] = [
  anOnlineUser(1, { username: 'سامي', role: 'owner', userType: 'member', gender: 'ذكر' }),
  anOnlineUser(2, { username: 'ليلى', role: 'member', userType: 'member', gender: 'أنثى' }),
  anOnlineUser(3, { username: 'أبو علي', role: 'guest', gender: 'ذكر' }),
  anOnlineUser(4, { username: 'Ahmed_Cairo', role: 'moderator', userType: 'member', gender: 'ذكر' }),
  anOnlineUser(5, { username: 'نور الهدى', role: 'admin', userType: 'member', gender: 'أنثى' }),
  anOnlineUser(6, { username: 'زائر123', role: 'guest', gender: null }),
];

export const ONLINE_EVERYWHERE = [
  ...ONLINE.map((u) => ({ ...u, roomId: 'general' })),
  { ...anOnlineUser(7, { username: 'Khalid', role: 'member', userType: 'member' }), roomId: 'egypt' },
  { ...anOnlineUser(8, { username: 'مريم', role: 'guest', gender: 'أنثى' }), roomId: 'saudi' },
];

export const MESSAGES = [
  aMessage(101, {
    senderId: 2,
    sender: aPublicUser(2, { username: 'ليلى', gender: 'أنثى', role: 'member' }),
    content: 'مساء الخير يا جماعة 🌙',
  }),
  aMessage(102, {
    senderId: 3,
    sender: aPublicUser(3, { username: 'أبو علي', gender: 'ذكر' }),
    content: 'أهلاً ليلى، كيف الحال؟',
  }),
  aMessage(103, {
    senderId: 6,
    sender: aPublicUser(6, { username: 'زائر123' }),
    content: 'اشتركوا في قناتي!!! اشتركوا في قناتي!!!',
  }),
  aMessage(104, {
    senderId: 4,
    sender: aPublicUser(4, { username: 'Ahmed_Cairo', role: 'moderator', gender: 'ذكر' }),
    content: 'رجاءً التزموا بقوانين الغرفة، شكراً لكم',
  }),
];

export const SANCTIONS: Sanction[] = [
  {
    id: 1,
    kind: 'mute',
    userId: 6,
    username: 'زائر123',
    actorId: 4,
    actorName: 'Ahmed_Cairo',
    reason: 'إزعاج وتكرار',
    createdAt: minutesAgo(3),
    expiresAt: minutesAhead(12),
    byAddress: false,
  },
  {
    id: 2,
    kind: 'kick',
    userId: 9,
    username: 'Spammer_99',
    actorId: 1,
    actorName: 'سامي',
    reason: 'روابط إعلانية',
    createdAt: minutesAgo(10),
    expiresAt: minutesAhead(2),
    byAddress: false,
  },
  {
    id: 3,
    kind: 'ban',
    userId: 10,
    username: 'مزعج',
    actorId: 5,
    actorName: 'نور الهدى',
    reason: 'شتائم متكررة بعد التحذير',
    createdAt: minutesAgo(60),
    expiresAt: minutesAhead(1380),
    byAddress: true,
  },
  {
    id: 4,
    kind: 'block',
    userId: 11,
    username: 'troll',
    actorId: 1,
    actorName: 'سامي',
    reason: 'انتحال شخصية المشرف',
    createdAt: minutesAgo(3000),
    expiresAt: null,
    byAddress: false,
  },
];

export const LOG: LogEntry[] = [
  {
    id: 40,
    actorId: 4,
    actorName: 'Ahmed_Cairo',
    targetId: 6,
    targetName: 'زائر123',
    action: 'mute',
    reason: 'إزعاج وتكرار',
    roomId: 'general',
    expiresAt: minutesAhead(12),
    createdAt: minutesAgo(3),
  },
  {
    id: 39,
    actorId: 1,
    actorName: 'سامي',
    targetId: 9,
    targetName: 'Spammer_99',
    action: 'kick',
    reason: 'روابط إعلانية',
    roomId: 'general',
    expiresAt: minutesAhead(5),
    createdAt: minutesAgo(10),
  },
  {
    id: 38,
    actorId: 1,
    actorName: 'سامي',
    targetId: 2,
    targetName: 'ليلى',
    action: 'deleteMessage',
    reason: null,
    roomId: 'general',
    expiresAt: null,
    createdAt: minutesAgo(22),
  },
  {
    id: 37,
    actorId: 5,
    actorName: 'نور الهدى',
    targetId: 10,
    targetName: 'مزعج',
    action: 'ban',
    reason: 'شتائم متكررة بعد التحذير',
    roomId: 'egypt',
    expiresAt: minutesAhead(1380),
    createdAt: minutesAgo(60),
  },
  {
    id: 36,
    actorId: 1,
    actorName: 'سامي',
    targetId: 4,
    targetName: 'Ahmed_Cairo',
    action: 'setRole',
    reason: 'moderator',
    roomId: null,
    expiresAt: null,
    createdAt: minutesAgo(400),
  },
  {
    id: 35,
    actorId: 5,
    actorName: 'نور الهدى',
    targetId: null,
    targetName: null,
    action: 'lockRoom',
    reason: null,
    roomId: 'saudi',
    expiresAt: null,
    createdAt: minutesAgo(900),
  },
];

export const REPORTS: Report[] = [
  {
    id: 7,
    reporterId: 2,
    reporterName: 'ليلى',
    messageId: 103,
    userId: 6,
    username: 'زائر123',
    reason: 'رسائل إعلانية متكررة',
    excerpt: 'اشتركوا في قناتي!!! اشتركوا في قناتي!!!',
    roomId: 'general',
    status: 'open',
    handledByName: null,
    outcome: null,
    createdAt: minutesAgo(2),
  },
  {
    id: 8,
    reporterId: null,
    reporterName: 'مرشّح الكلمات',
    messageId: 99,
    userId: 12,
    username: 'Omar',
    reason: 'كلمة من القائمة: تنبيه المشرفين',
    excerpt: 'نص فيه كلمة مراقبة',
    roomId: 'egypt',
    status: 'open',
    handledByName: null,
    outcome: null,
    createdAt: minutesAgo(1),
  },
  {
    id: 9,
    reporterId: 3,
    reporterName: 'أبو علي',
    messageId: null,
    userId: 9,
    username: 'Spammer_99',
    reason: 'يرسل روابط في الخاص',
    excerpt: null,
    roomId: null,
    status: 'open',
    handledByName: null,
    outcome: null,
    createdAt: minutesAgo(15),
  },
];

export const HANDLED: Report[] = [
  { ...REPORTS[2]!, id: 5, status: 'actioned', handledByName: 'سامي', outcome: 'تم طرد المستخدم' },
];

export const WORDS = [
  { word: 'كلمة_سيئة', action: 'block' as const },
  { word: 'رابط-إعلان', action: 'flag' as const },
  { word: 'شتيمة', action: 'mask' as const },
];
