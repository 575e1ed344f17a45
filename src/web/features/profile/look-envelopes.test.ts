import { describe, expect, it } from 'vitest';
import { chatReducer, type ChatAction, type TimelineEnvelope } from '../chat/timeline/chat-reducer';
import { initialChatState, onlineIn, roomTimeline, timelineOf, type ChatState } from '../chat/timeline/chat-state';
import { aMessage, anOnlineUser, aPublicUser, aSelfUser } from '../../testing/fixtures';

const server = (envelope: TimelineEnvelope): ChatAction => ({ type: 'server', envelope, at: 0, myId: 1 });
const run = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChatState);

const setup = () =>
  run(
    server({ type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(2), anOnlineUser(3)] }),
    server({
      type: 'newMessage',
      message: aMessage(1, { senderId: 2, sender: aPublicUser(2, { role: 'moderator' }) }),
    }),
    server({ type: 'newMessage', message: aMessage(2, { senderId: 3, sender: aPublicUser(3) }) }),
  );
const senders = (state: ChatState) => timelineOf(state, roomTimeline('general')).messages.map((m) => m.sender);

describe('look envelopes in the chat state', () => {
  it("change that user's online entry and the sender of their messages, and nobody else's", () => {
    let state = setup();
    state = chatReducer(state, server({ type: 'usernameColorChanged', userId: 2, usernameColor: '#be185d' }));
    state = chatReducer(
      state,
      server({ type: 'usernameEffectChanged', userId: 2, usernameEffect: 'effect-star-burst' }),
    );
    state = chatReducer(
      state,
      server({
        type: 'usernameGradientChanged',
        userId: 2,
        usernameGradient: 'linear-gradient(90deg, #000000, #ffffff)',
      }),
    );
    state = chatReducer(state, server({ type: 'profileEffectChanged', userId: 2, profileEffect: 'neon' }));
    state = chatReducer(
      state,
      server({
        type: 'user_background_updated',
        userId: 2,
        profileBackgroundColor: 'linear-gradient(135deg, #111111, #111111)',
      }),
    );
    expect(onlineIn(state, 'general')[0]).toMatchObject({
      id: 2,
      usernameColor: '#be185d',
      usernameEffect: 'effect-star-burst',
      usernameGradient: 'linear-gradient(90deg, #000000, #ffffff)',
      profileEffect: 'neon',
    });
    // The online entry carries only what lists show.
    expect(onlineIn(state, 'general')[0]).not.toHaveProperty('profileBackgroundColor');
    expect(onlineIn(state, 'general')[1]).toEqual(anOnlineUser(3));
    expect(senders(state)[0]).toMatchObject({
      usernameColor: '#be185d',
      profileBackgroundColor: 'linear-gradient(135deg, #111111, #111111)',
    });
    expect(senders(state)[1]).toEqual(aPublicUser(3));
  });

  it('show a new avatar everywhere, and the full record for our own', () => {
    let state = setup();
    state = chatReducer(
      state,
      server({
        type: 'userAvatarUpdated',
        userId: 3,
        profileImage: '/uploads/avatars/a.webp',
        avatarHash: 'a',
        avatarVersion: 4,
      }),
    );
    expect(onlineIn(state, 'general')[1]).toMatchObject({ profileImage: '/uploads/avatars/a.webp', avatarVersion: 4 });
    expect(senders(state)[1]).toMatchObject({ avatarHash: 'a', avatarVersion: 4 });
    state = chatReducer(
      state,
      server({
        type: 'selfAvatarUpdated',
        user: aSelfUser(2, { profileImage: '/uploads/avatars/b.webp', avatarVersion: 1 }),
      }),
    );
    expect(onlineIn(state, 'general')[0]).toMatchObject({ profileImage: '/uploads/avatars/b.webp' });
  });

  it('change nothing for someone not shown', () => {
    const before = setup();
    expect(chatReducer(before, server({ type: 'usernameColorChanged', userId: 99, usernameColor: '#000000' }))).toBe(
      before,
    );
  });
});
