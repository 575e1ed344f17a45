import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { MessageFloodLimits } from './modules/moderation';
import { parseIceServers, type IceSettings, type VoiceLimits } from './modules/voice';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where `npm run backup` writes (default: DATA_DIR/backups), and how many days a backup is kept. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Without DATABASE_URL: the engine of the database kept in DATA_DIR. `auto` (default) runs
   * PostgreSQL itself when its binaries are installed for this platform, else PGlite; a DATA_DIR
   * already holding a PGlite database stays on it.
   */
  EMBEDDED_DATABASE: z.enum(['auto', 'postgres', 'pglite']).default('auto'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key and stream, so several sites (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).default('majlis'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines for collectors, readable lines for a terminal; `auto` picks by whether stdout is a terminal. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: booleanFlag.default(false),
  /** Other origins whose pages may use the API and the socket (comma-separated), e.g. a dev server. */
  ALLOWED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()))
    .default([]),
  /** Sockets one address may hold (many people share an address behind a mobile carrier's NAT). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Shown in the privacy policy and terms; defaults to support@ the PUBLIC_URL host. */
  CONTACT_EMAIL: z.email().optional(),
  /** Where the built web app lives. */
  WEB_DIST_DIR: z.string().default('./dist/web'),
  /** How long a user stays listed in a room after their last tab drops, to ride out reloads. */
  PRESENCE_GRACE_MS: z.coerce.number().int().min(0).default(4000),
  MESSAGE_WRITE_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(20),
  /** How often changed room counts are pushed to everyone. */
  ROOM_COUNT_FLUSH_MS: z.coerce.number().int().min(10).default(1000),
  /** A room showing more people than this is big: its list is paged, its arrivals summarised. */
  PRESENCE_PAGE_SIZE: z.coerce.number().int().min(1).default(100),
  /** Flood control: the sliding window room messages are counted over, and how many each may send in it. */
  FLOOD_WINDOW_MS: z.coerce.number().int().min(1000).default(10_000),
  FLOOD_MESSAGES_GUEST: z.coerce.number().int().min(1).default(5),
  FLOOD_MESSAGES_MEMBER: z.coerce.number().int().min(1).default(8),
  FLOOD_MESSAGES_STAFF: z.coerce.number().int().min(1).default(20),
  /** All accounts on one device together (staff not counted). */
  FLOOD_MESSAGES_DEVICE: z.coerce.number().int().min(1).default(10),
  /** The same message from one account, at most this many times per FLOOD_REPEAT_WINDOW_MS. */
  FLOOD_REPEATS: z.coerce.number().int().min(1).default(3),
  FLOOD_REPEAT_WINDOW_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Voice: STUN/TURN URLs for WebRTC, separated by commas (stun:host:3478, turn:host:3478?transport=udp, turns:…). */
  ICE_SERVERS: z
    .string()
    .refine((value) => parseIceServers(value).every((server) => /^(stun|turns?):[^\s]+$/i.test(server.urls[0] ?? '')), {
      message: 'each entry must start with stun:, turn: or turns:',
    })
    .optional(),
  /** coturn's static-auth-secret: TURN credentials are issued per session from it (TURN REST). */
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Speakers at once in a voice room, and seconds a speaker keeps the microphone (0: no limit). */
  VOICE_MAX_SPEAKERS: z.coerce.number().int().min(1).max(50).default(6),
  VOICE_TURN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  /**
   * The app-shell service worker and web app manifest (installable; a reload with no network opens
   * the chat from its cache). On by default; `false` is the switch that turns it off, and pages
   * then unregister any worker registered before.
   */
  ENABLE_SERVICE_WORKER: booleanFlag.default(true),
  /** Retention (the privacy page shows these): public room messages, private messages, security records, in days. */
  RETENTION_PUBLIC_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_PRIVATE_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  RETENTION_SECURITY_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * How often each node runs a retention pass (0: never; run `npm run retention` from a scheduler
   * instead), and how many rows one delete takes at most.
   */
  RETENTION_EVERY_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 60_000 && ms <= 7 * 86_400_000), 'must be 0 or from 60000 to 604800000')
    .default(3_600_000),
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(500),
  /**
   * Web Push (issue 22 §6): also accept push endpoints on loopback and private addresses, and
   * http://127.0.0.1 ones (tests with a local push service). Off: https on public addresses only.
   */
  WEB_PUSH_ALLOW_LOCAL: booleanFlag.default(false),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was given: only it (and ALLOWED_ORIGINS) may act on the site; else the Host served. */
  publicUrlExplicit: boolean;
  contactEmail: string;
  dataDir: string;
  /** `npm run backup`: the folder of backups, and the days one is kept before a later run deletes it. */
  backup: { dir: string; keepDays: number };
  databaseUrl: string | undefined;
  /** Without databaseUrl: which engine keeps the database in dataDir. */
  embeddedDatabase: 'auto' | 'postgres' | 'pglite';
  redisUrl: string | undefined;
  redisPrefix: string;
  sessionSecret: string;
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty';
  trustProxy: boolean;
  allowedOrigins: string[];
  /** Sockets one user may hold at once, site-wide (tabs). */
  maxConnectionsPerUser: number;
  maxConnectionsPerAddress: number;
  /** API requests per address per minute, every endpoint together. */
  apiRequestsPerMinute: number;
  webDistDir: string;
  presenceGraceMs: number;
  /** How long a room message waits for others to be written with it (one statement, one commit). */
  messageWriteLingerMs: number;
  roomCountFlushMs: number;
  /** People per page of a room's online list; above it a room is big (paged list, summarised arrivals). */
  presencePageSize: number;
  /** Flood control of room messages: per account by rank, per device, repeated text (shared by all nodes). */
  messageFlood: MessageFloodLimits;
  /** Reports one person may make per window. */
  reportLimit: { count: number; windowMs: number };
  /** Sign-in attempts (guest, register, login) per address per minute. */
  authAttemptsPerMinute: number;
  /** Keep the database in memory (tests): nothing is written to DATA_DIR. */
  inMemoryDatabase: boolean;
  /** Voice rooms: ICE servers and TURN credentials, the speaker limit and turn length. */
  voice: { ice: IceSettings; limits: VoiceLimits };
  /** Pages link the web app manifest, and the chat registers /sw.js (else it unregisters it). */
  serviceWorker: boolean;
  /** How long what is stored is kept (days), how often the pass runs, and its batch size. */
  retention: RetentionSettings;
  /** Web Push endpoints on loopback/private addresses (and http://127.0.0.1) are accepted: tests only. */
  webPushAllowLocal: boolean;
}

export interface RetentionSettings {
  publicDays: number;
  privateDays: number;
  securityDays: number;
  everyMs: number;
  batchSize: number;
}

export class ConfigError extends Error {}

/** Reads the session secret from DATA_DIR, creating it on first start, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const inMemoryDatabase = overrides.inMemoryDatabase ?? false;
  const port = overrides.port ?? env.PORT;
  const publicUrl = (overrides.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    publicUrl,
    publicUrlExplicit: Boolean(overrides.publicUrl ?? env.PUBLIC_URL),
    contactEmail: env.CONTACT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    dataDir,
    backup: {
      dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keepDays: env.BACKUP_KEEP_DAYS,
    },
    databaseUrl: env.DATABASE_URL,
    embeddedDatabase: env.EMBEDDED_DATABASE,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    sessionSecret:
      overrides.sessionSecret ??
      env.SESSION_SECRET ??
      (inMemoryDatabase ? randomBytes(48).toString('base64url') : loadOrCreateSecret(dataDir)),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS,
    maxConnectionsPerUser: 10,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    apiRequestsPerMinute: 600,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    presenceGraceMs: env.PRESENCE_GRACE_MS,
    messageWriteLingerMs: env.MESSAGE_WRITE_LINGER_MS,
    roomCountFlushMs: env.ROOM_COUNT_FLUSH_MS,
    presencePageSize: env.PRESENCE_PAGE_SIZE,
    messageFlood: {
      windowMs: env.FLOOD_WINDOW_MS,
      perUser: { guest: env.FLOOD_MESSAGES_GUEST, member: env.FLOOD_MESSAGES_MEMBER, staff: env.FLOOD_MESSAGES_STAFF },
      perDevice: env.FLOOD_MESSAGES_DEVICE,
      repeats: env.FLOOD_REPEATS,
      repeatWindowMs: env.FLOOD_REPEAT_WINDOW_MS,
    },
    reportLimit: { count: 10, windowMs: 10 * 60_000 },
    authAttemptsPerMinute: 30,
    inMemoryDatabase,
    voice: {
      ice: {
        servers: env.ICE_SERVERS ? parseIceServers(env.ICE_SERVERS) : [],
        turnSecret: env.TURN_SECRET,
        turnTtlSeconds: env.TURN_TTL_SECONDS,
      },
      limits: { maxSpeakers: env.VOICE_MAX_SPEAKERS, turnSeconds: env.VOICE_TURN_SECONDS },
    },
    serviceWorker: env.ENABLE_SERVICE_WORKER,
    retention: {
      publicDays: env.RETENTION_PUBLIC_DAYS,
      privateDays: env.RETENTION_PRIVATE_DAYS,
      securityDays: env.RETENTION_SECURITY_DAYS,
      everyMs: env.RETENTION_EVERY_MS,
      batchSize: env.RETENTION_BATCH_SIZE,
    },
    webPushAllowLocal: env.WEB_PUSH_ALLOW_LOCAL,
    ...overrides,
  };
}
