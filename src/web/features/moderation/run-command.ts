import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { denial, type Actor } from '../../../shared/policy';
import { errorToastText } from '../../lib/api';
import { liftSanction, sanction } from './moderation-api';
import type { SlashCommand } from './slash-commands';
import { MODERATION_TEXTS as T } from './texts';

export type CommandOutcome = { ok: true; text: string } | { ok: false; error: string };

/**
 * Runs a parsed staff command over HTTP. The policy is asked first so an obvious refusal is
 * explained at once; the server decides anyway, and its Arabic refusal is shown as it is.
 */
export async function runSlashCommand(me: Actor, command: SlashCommand): Promise<CommandOutcome> {
  const { action, target, reason } = command;
  const subject = { id: target.id, role: target.role };
  const denied = action === 'unmute' ? denial(me, 'liftSanction', 'mute', subject) : denial(me, action, subject);
  if (denied) return { ok: false, error: ERROR_MESSAGES[denied] };
  try {
    if (action === 'unmute') {
      await liftSanction('mute', target.id);
      return { ok: true, text: T.done.unmute(target.username) };
    }
    const minutes = command.durationMinutes!;
    await sanction(action, { targetId: target.id, durationMinutes: minutes, ...(reason ? { reason } : {}) });
    return { ok: true, text: T.done[action](target.username, minutes) };
  } catch (error) {
    return { ok: false, error: errorToastText(error) };
  }
}
