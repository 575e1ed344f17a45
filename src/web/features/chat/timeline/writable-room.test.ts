import { describe, expect, it } from 'vitest';
import { offlineSender } from '../../session/session-store';
import { chatReducer } from './chat-reducer';
import { initialChatState, writableRoomId, type ChatState } from './chat-state';

function after(...actions: Parameters<typeof chatReducer>[1][]): ChatState {
  return actions.reduce(chatReducer, initialChatState);
}

describe('where the composer writes', () => {
  it('is the joined room when there is one', () => {
    const state = after({ type: 'showing', roomId: 'qatar' }, { type: 'joined', roomId: 'qatar' });
    expect(writableRoomId(state, 'connected')).toBe('qatar');
  });

  it('is the room on screen while there is no connection (the message waits in the outbox)', () => {
    expect(writableRoomId(after({ type: 'showing', roomId: 'qatar' }), 'error')).toBe('qatar');
    expect(writableRoomId(after({ type: 'showing', roomId: 'qatar' }), 'disconnected')).toBe('qatar');
  });

  it('is nowhere while connected but not yet in the room (the join decides)', () => {
    expect(writableRoomId(after({ type: 'showing', roomId: 'qatar' }), 'connected')).toBeNull();
    expect(writableRoomId(after(), 'error')).toBeNull();
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
