import { describe, expect, it } from 'vitest';
import type { SelfUser } from '../../../shared/entities/user';
import { changesOf, draftOf, previewOf } from './profile-draft';

function aUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 7,
    username: 'ليلى',
    displayName: null,
    userType: 'member',
    role: 'member',
    profileImage: null,
    avatarHash: null,
    avatarVersion: 0,
    usernameColor: null,
    usernameGradient: null,
    usernameEffect: null,
    profileBackgroundColor: null,
    profileEffect: null,
    profileTag: null,
    profileFrame: null,
    gender: null,
    country: null,
    isOnline: true,
    lastSeen: null,
    currentRoom: null,
    bio: null,
    statusText: null,
    age: null,
    isHidden: false,
    globalSoundEnabled: true,
    showSystemMessages: true,
    privateMessagesFrom: 'everyone',
    ...overrides,
  };
}

describe('profile draft', () => {
  it('sends nothing when nothing changed, even with a stored gradient it cannot split', () => {
    const user = aUser({
      role: 'admin',
      usernameGradient: 'linear-gradient(90deg, #FF0000, #00ff00 40%, #0000ff)',
      profileBackgroundColor: 'linear-gradient(135deg, #112233, #112233)',
      profileFrame: 'frame12',
      profileTag: 'tag3',
    });
    expect(changesOf(user, draftOf(user))).toEqual({});
  });

  it("keeps one's own tag picture, and a numbered badge replaces it", () => {
    const picture = 'data:image/webp;base64,UklGRgECAwRXRUJQ';
    const user = aUser({ profileTag: picture });
    const draft = draftOf(user);
    expect(draft).toMatchObject({ tag: 0, tagImage: picture });
    expect(changesOf(user, draft)).toEqual({});
    expect(changesOf(user, { ...draft, tag: 4, tagImage: null })).toEqual({ profileTag: 'tag4' });
    const plain = aUser({ profileTag: 'tag2' });
    expect(changesOf(plain, { ...draftOf(plain), tagImage: picture })).toEqual({ profileTag: picture });
    expect(previewOf(plain, { ...draftOf(plain), tagImage: picture }).profileTag).toBe(picture);
  });

  it('sends only what changed, with colours in the stored spelling', () => {
    const user = aUser();
    const draft = { ...draftOf(user), usernameColor: 'A1B2C3', frame: 10, bio: '  مرحبا  ' };
    expect(changesOf(user, draft)).toEqual({ usernameColor: '#a1b2c3', profileFrame: 'frame10', bio: 'مرحبا' });
  });

  it("never sends a member's staff-only styles, and the preview does not show them", () => {
    const user = aUser();
    const draft = {
      ...draftOf(user),
      gradientFrom: '#ff0000',
      gradientTo: '#0000ff',
      gradientSource: null,
      usernameEffect: 'effect-soft-fire',
      background: '#123456',
      backgroundSource: null,
      isHidden: true,
    };
    expect(changesOf(user, draft)).toEqual({});
    expect(previewOf(user, draft)).toMatchObject({
      usernameGradient: null,
      usernameEffect: null,
      profileBackgroundColor: null,
    });
  });

  it('gives staff a two-colour gradient and a 135° background', () => {
    const user = aUser({ role: 'moderator' });
    const draft = {
      ...draftOf(user),
      gradientFrom: '#ff0000',
      gradientTo: '#0000ff',
      gradientAngle: 45,
      gradientSource: null,
      background: '#123456',
      backgroundSource: null,
      usernameEffect: 'effect-star-burst',
    };
    expect(changesOf(user, draft)).toEqual({
      usernameGradient: 'linear-gradient(45deg, #ff0000, #0000ff)',
      usernameEffect: 'effect-star-burst',
      profileBackgroundColor: 'linear-gradient(135deg, #123456, #123456)',
    });
  });
});
