import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../clock';
import { createCurrentRoomWriter } from './current-room-writer';
import type { UsersRepo } from './users.repo';

describe('the current-room writer', () => {
  it('still answers a room whose write is under way, until the database holds it', async () => {
    let finish: () => void = () => undefined;
    const written: { id: number; roomId: string | null }[][] = [];
    const repo = {
      setCurrentRooms: (entries: { id: number; roomId: string | null }[]) =>
        new Promise<void>((resolve) => {
          written.push(entries);
          finish = resolve;
        }),
    } as unknown as UsersRepo;
    const clock = createTestClock();
    const writer = createCurrentRoomWriter(repo, 1000, clock, () => undefined);

    writer.record(7, 'egypt');
    expect(writer.pendingFor(7)).toBe('egypt');
    clock.advance(1000); // the batch goes to the database; its write has not finished
    await Promise.resolve();
    expect(written).toEqual([[{ id: 7, roomId: 'egypt' }]]);
    expect(writer.pendingFor(7)).toBe('egypt');

    finish();
    await writer.close();
    expect(writer.pendingFor(7)).toBeUndefined(); // read from the database from now on
  });
});
