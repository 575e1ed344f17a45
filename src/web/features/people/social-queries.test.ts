import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Friend } from '../../../shared/api/friends';
import { aPublicUser } from '../../testing/fixtures';
import { FRIENDS_KEY, friendPresence } from './social-queries';

const friend = (id: number, isOnline: boolean): Friend =>
  ({ user: { ...aPublicUser(id), isOnline }, since: '2026-11-01T00:00:00.000Z' }) as Friend;

describe("friends' online dots", () => {
  it('follow a friend coming online and going offline, and leave the list alone otherwise', () => {
    const client = new QueryClient();
    client.setQueryData<Friend[]>(FRIENDS_KEY, [friend(2, false), friend(3, true)]);
    friendPresence(client, 2, true);
    const online = client.getQueryData<Friend[]>(FRIENDS_KEY)!;
    expect(online.map((f) => [f.user.id, f.user.isOnline])).toEqual([
      [2, true],
      [3, true],
    ]);
    friendPresence(client, 99, false);
    expect(client.getQueryData<Friend[]>(FRIENDS_KEY)).toBe(online);
    friendPresence(client, 3, false);
    expect(client.getQueryData<Friend[]>(FRIENDS_KEY)!.map((f) => f.user.isOnline)).toEqual([true, false]);
  });
});
