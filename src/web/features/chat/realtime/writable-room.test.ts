import { describe, expect, it } from 'vitest';
import { offlineSender } from '../../session/session-store';
import { realtimeReducer } from './realtime-reducer';
import { initialRealtimeState, writableRoomId, type RealtimeState } from './realtime-state';

function after(...actions: Parameters<typeof realtimeReducer>[1][]): RealtimeState {
  return actions.reduce(realtimeReducer, initialRealtimeState);
}

describe('where the composer writes', () => {
  it('is the joined room when there is one', () => {
    const state = after(
      { type: 'showing', roomId: 'qatar' },
      { type: 'connected' },
      { type: 'joined', roomId: 'qatar' },
    );
    expect(writableRoomId(state)).toBe('qatar');
  });

  it('is the room on screen while there is no connection (the message waits in the outbox)', () => {
    expect(writableRoomId(after({ type: 'showing', roomId: 'qatar' }, { type: 'connectFailed' }))).toBe('qatar');
    expect(writableRoomId(after({ type: 'showing', roomId: 'qatar' }, { type: 'disconnected' }))).toBe('qatar');
  });

  it('is nowhere while connected but not yet in the room (the join decides)', () => {
    expect(writableRoomId(after({ type: 'showing', roomId: 'qatar' }, { type: 'connected' }))).toBeNull();
    expect(writableRoomId(after({ type: 'connectFailed' }))).toBeNull();
  });
});

describe('who writes on a page opened offline', () => {
  it('is the stored record, as a plain sender, until the server confirms the user', () => {
    expect(offlineSender(null)).toBeNull();
    expect(offlineSender({ userId: 7, username: 'مسافر', userType: 'guest', roomId: 'qatar' })).toMatchObject({
      id: 7,
      username: 'مسافر',
      role: 'guest',
      usernameColor: null,
    });
  });
});
