import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { MODERATION } from '../../../shared/entities/moderation';
import { foldUsername } from '../../../shared/entities/username-key';
import type { OnlineUser } from '../../../shared/entities/user';
import { MODERATION_TEXTS } from './texts';

/** Staff commands typed in the composer (issue 8 §5): `/kick name 10 reason`, `/mute`, `/ban`, `/unmute name`. */
export type SlashAction = 'kick' | 'mute' | 'ban' | 'unmute';

export interface SlashCommand {
  action: SlashAction;
  target: OnlineUser;
  /** Null for /unmute. */
  durationMinutes: number | null;
  /** Empty when none was given (the server then records the default reason). */
  reason: string;
}

export type SlashResult = { ok: true; command: SlashCommand } | { ok: false; error: string };

/** English names, and the Arabic verbs staff may type instead. */
const COMMANDS: Readonly<Record<string, SlashAction>> = {
  kick: 'kick',
  mute: 'mute',
  ban: 'ban',
  unmute: 'unmute',
  طرد: 'kick',
  كتم: 'mute',
  حظر: 'ban',
};

const QUOTES: Readonly<Record<string, string>> = { '"': '"', "'": "'", '«': '»', '“': '”', '”': '”' };

/** Whether the composer's text is a command rather than a message. */
export function isSlashCommand(text: string): boolean {
  return text.trimStart().startsWith('/');
}

/** Eastern Arabic and Persian digits as ASCII, so "١٠" reads as 10. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/gu, (d) => {
    const code = d.codePointAt(0)!;
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** The online user with this name: the exact spelling first, then the same name as names are compared. */
function findByName(name: string, online: readonly OnlineUser[]): OnlineUser | null {
  const exact = online.find((u) => u.username === name);
  if (exact) return exact;
  const key = foldUsername(name);
  return key ? (online.find((u) => foldUsername(u.username) === key) ?? null) : null;
}

/**
 * The target at the start of `rest`: a quoted name, else the longest run of words that is the
 * name of someone online ("أبو علي 10" finds "أبو علي" before "أبو").
 */
function takeTarget(
  rest: string,
  online: readonly OnlineUser[],
): { user: OnlineUser; after: string } | { error: string } {
  const open = rest[0]!;
  const close = QUOTES[open];
  if (close) {
    const end = rest.indexOf(close, 1);
    if (end < 0) return { error: MODERATION_TEXTS.slash.unclosedQuote };
    const name = rest.slice(1, end).trim();
    const user = findByName(name, online);
    return user ? { user, after: rest.slice(end + 1) } : { error: MODERATION_TEXTS.slash.unknownName(name) };
  }
  const words = rest.split(/\s+/u);
  for (let count = words.length; count >= 1; count--) {
    const user = findByName(words.slice(0, count).join(' '), online);
    if (user) return { user, after: words.slice(count).join(' ') };
  }
  return { error: MODERATION_TEXTS.slash.unknownName(words[0]!) };
}

/**
 * Reads a command against the room's online list. Nothing here is sent: the caller runs a
 * successful command over HTTP, and shows the error of a failed one instead of posting it.
 */
export function parseSlashCommand(text: string, online: readonly OnlineUser[]): SlashResult {
  const match = /^\/(\S*)\s*([\s\S]*)$/u.exec(text.trim());
  const name = (match?.[1] ?? '').toLowerCase();
  const action = COMMANDS[name];
  if (!action) return { ok: false, error: MODERATION_TEXTS.slash.unknownCommand(name) };
  const rest = (match?.[2] ?? '').trim();
  if (!rest) return { ok: false, error: MODERATION_TEXTS.slash.missingName(name) };

  const target = takeTarget(rest, online);
  if ('error' in target) return { ok: false, error: target.error };
  let after = target.after.trim();

  let durationMinutes: number | null = null;
  if (action !== 'unmute') {
    const number = /^(\S+)(?:\s+|$)/u.exec(after);
    const digits = number ? asciiDigits(number[1]!) : '';
    // "1.5" or "10," is a length written wrongly, not the first word of a reason.
    if (/^[\d.,\u066B\u066C]+$/u.test(digits) && !/^\d+$/u.test(digits))
      return { ok: false, error: ERROR_MESSAGES.DURATION_INVALID };
    if (/^\d+$/u.test(digits)) {
      durationMinutes = Number(digits);
      if (durationMinutes < MODERATION.minMinutes || durationMinutes > MODERATION.maxMinutes)
        return { ok: false, error: ERROR_MESSAGES.DURATION_INVALID };
      after = after.slice(number![0].length);
    } else durationMinutes = MODERATION.defaultMinutes[action];
  }

  const reason = after.trim();
  if ([...reason].length > MODERATION.reasonMax) return { ok: false, error: ERROR_MESSAGES.REASON_TOO_LONG };
  return { ok: true, command: { action, target: target.user, durationMinutes, reason } };
}
