import { ERROR_MESSAGES, firstIssueCode } from '../../shared/api/errors';
import { passwordSchema, usernameKey, usernameSchema } from '../../shared/entities/user';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { hashPassword } from '../modules/auth';
import { createModerationLog } from '../modules/moderation';
import { createUsersRepo } from '../modules/users';

/** A refusal the operator reads: what is wrong, in the site's own words where it has them. */
export class OwnerError extends Error {}

export type OwnerOutcome = 'created' | 'promoted' | 'unchanged';

/** How the role change reads in the moderation log: nobody on the site made it. */
// The log shows the new role as a role change's reason, as for changes made on the site.
const LOG_REASON = 'owner';

/**
 * The owner role is given only here, from the server's command line (the site's own role
 * endpoint never hands it out). A member of that name is promoted; otherwise the member is
 * created, with the name rules of registration and a password asked for only then.
 */
export async function makeOwner(
  db: Db,
  rawUsername: string,
  askPassword: () => Promise<string>,
): Promise<{ outcome: OwnerOutcome; user: UserRow }> {
  const parsed = usernameSchema.safeParse(rawUsername);
  if (!parsed.success) throw new OwnerError(ERROR_MESSAGES[firstIssueCode(parsed.error)]);
  const username = parsed.data;
  const key = usernameKey(username);
  const users = createUsersRepo(db);
  const log = createModerationLog(db);

  const existing = await users.findMemberByKey(key);
  if (existing) {
    if (existing.role === 'owner') return { outcome: 'unchanged', user: existing };
    const user = (await users.update(existing.id, { role: 'owner' })) ?? existing;
    const party = { id: user.id, username: user.username };
    await log.record({
      actor: party,
      action: 'setRole',
      target: party,
      reason: LOG_REASON,
      details: { role: 'owner', previousRole: existing.role, via: 'npm run owner' },
    });
    return { outcome: 'promoted', user };
  }

  const password = passwordSchema.safeParse(await askPassword());
  if (!password.success) throw new OwnerError(ERROR_MESSAGES[firstIssueCode(password.error)]);
  const user = await users.insert({
    username,
    usernameKey: key,
    passwordHash: await hashPassword(password.data),
    userType: 'member',
    role: 'owner',
  });
  const party = { id: user.id, username: user.username };
  await log.record({
    actor: party,
    action: 'setRole',
    target: party,
    reason: LOG_REASON,
    details: { role: 'owner', previousRole: null, via: 'npm run owner' },
  });
  return { outcome: 'created', user };
}
