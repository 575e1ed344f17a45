import { describe, expect, it } from 'vitest';
import { legacyUsernameKey, usernameKey } from '../../shared/entities/username-key';
import type { UsernameKeyRow } from '../modules/users';
import { planUsernameKeys } from './username-key-backfill';

let nextId = 1;
/** A row as version 1 stored it; rows are listed oldest first. */
function v1(username: string, userType: UsernameKeyRow['userType'] = 'member'): UsernameKeyRow {
  return { id: nextId++, username, usernameKey: legacyUsernameKey(username), userType };
}

describe('planUsernameKeys', () => {
  it('gives every row its new key when nothing collides', () => {
    const rows = [v1('أحمد'), v1('Khalid'), v1('سارة', 'guest'), v1('علي', 'vip')];
    const plan = planUsernameKeys(rows);
    expect(plan.conflicts).toEqual([]);
    expect(plan.updates).toEqual(
      rows
        .filter((row) => usernameKey(row.username) !== row.usernameKey)
        .map((row) => ({ id: row.id, usernameKey: usernameKey(row.username) })),
    );
  });

  it('changes nothing once keys are current', () => {
    const rows = [v1('أحمد'), v1('Ali')].map((row) => ({ ...row, usernameKey: usernameKey(row.username) }));
    expect(planUsernameKeys(rows)).toEqual({ updates: [], conflicts: [] });
  });

  it('lets the older member take a shared new key; the newer keeps their old key', () => {
    const older = v1('أحمد');
    const newer = v1('إحمد');
    const plan = planUsernameKeys([older, newer]);
    expect(plan.updates).toEqual([{ id: older.id, usernameKey: usernameKey('احمد') }]);
    expect(plan.conflicts).toEqual([
      { id: newer.id, username: 'إحمد', keptKey: 'إحمد', wantedKey: usernameKey('احمد'), heldBy: older.id },
    ]);
  });

  it('never moves a member whose key is already right, even for an older one', () => {
    const older = v1('Ali');
    const newer = { ...v1('all'), usernameKey: usernameKey('all') };
    const plan = planUsernameKeys([older, newer]);
    expect(plan.updates).toEqual([]);
    expect(plan.conflicts).toMatchObject([{ id: older.id, keptKey: 'ali', heldBy: newer.id }]);
  });

  it('never hands out a key another member row still carries', () => {
    // A row stored with some non-version-1 key that equals another member's new key.
    const odd = { ...v1('نور'), usernameKey: usernameKey('Ali') };
    const ali = v1('Ali');
    const plan = planUsernameKeys([odd, ali]);
    expect(plan.updates).toEqual([{ id: odd.id, usernameKey: usernameKey('نور') }]);
    expect(plan.conflicts).toMatchObject([{ id: ali.id, keptKey: 'ali' }]);
  });

  it('updates guests whatever they collide with: their keys need not be unique', () => {
    const member = v1('أحمد');
    const guest = v1('احمد', 'guest');
    const guest2 = v1('إحمد', 'guest');
    const plan = planUsernameKeys([member, guest, guest2]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.updates.map((u) => u.id)).toEqual([member.id, guest.id, guest2.id]);
  });

  it('produces member keys that stay unique', () => {
    const rows = ['أحمد', 'احمد', 'إحمد', 'Ali', 'ALI', 'all', 'AlI', 'عبد الله', 'عبدالله', 'Omar', '0mar'].map((n) =>
      v1(n),
    );
    // Version 1 already kept exact lower-case duplicates out.
    const unique = rows.filter((row, i) => rows.findIndex((r) => r.usernameKey === row.usernameKey) === i);
    const plan = planUsernameKeys(unique);
    const final = new Map(unique.map((row) => [row.id, row.usernameKey]));
    for (const update of plan.updates) final.set(update.id, update.usernameKey);
    expect(new Set(final.values()).size).toBe(unique.length);
    expect(plan.updates.length + plan.conflicts.length).toBeGreaterThan(0);
  });
});
