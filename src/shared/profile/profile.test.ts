import { describe, expect, it } from 'vitest';
import { resolveAvatarSrc } from './avatar-source';
import { frameSources, parseFrameNumber, parseTagNumber, parseTestPixelSize, tagSources } from './decoration-number';
import { normalizeGradient, normalizeHexColor, resolveAppearance } from './appearance';

describe('avatar source resolution (spec §3)', () => {
  it.each([
    [null, '/default_avatar.svg'],
    [undefined, '/default_avatar.svg'],
    ['', '/default_avatar.svg'],
    ['   ', '/default_avatar.svg'],
    ['/default_avatar.svg', '/default_avatar.svg'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['https://cdn.example.com/a.webp', 'https://cdn.example.com/a.webp'],
    ['HTTP://example.com/a.png', 'HTTP://example.com/a.png'],
    ['/uploads/avatars/7-abc.webp', '/uploads/avatars/7-abc.webp'],
    ['7-abc.webp', '/uploads/avatars/7-abc.webp'],
    ['photo', '/default_avatar.svg'],
    ['javascript:alert(1)', '/default_avatar.svg'],
    ['//evil.example/a.png', '/default_avatar.svg'],
    ['../../etc/passwd.png', '/default_avatar.svg'],
  ])('%j → %s', (value, expected) => {
    expect(resolveAvatarSrc(value)).toBe(expected);
  });

  it('adds a time query to a path for a forced refresh, not to other sources', () => {
    expect(resolveAvatarSrc('/uploads/avatars/a.webp', 1700)).toBe('/uploads/avatars/a.webp?t=1700');
    expect(resolveAvatarSrc('/a.webp?s=1', 5)).toBe('/a.webp?s=1&t=5');
    expect(resolveAvatarSrc('https://x.example/a.png', 5)).toBe('https://x.example/a.png');
    expect(resolveAvatarSrc(null, 5)).toBe('/default_avatar.svg');
  });
});

describe('frame numbers (spec §5: first digits, 1..50, above 0)', () => {
  it.each([
    ['frame10', 10],
    ['10', 10],
    ['gold-frame-7-v2', 7],
    ['frame0', null],
    ['0', null],
    ['frame', null],
    ['', null],
    [null, null],
    ['frame99', 50],
    ['frame007', 7],
    [3, 3],
    [0, null],
    [-4, null],
    [51, 50],
  ])('%j → %j', (value, expected) => {
    expect(parseFrameNumber(value)).toBe(expected);
  });
});

describe('tag numbers (spec §5: first digits clamped to 1..50)', () => {
  it.each([
    ['tag5', 5],
    ['crown-12', 12],
    ['0', 1],
    ['tag0', 1],
    ['500', 50],
    ['king', null],
    [null, null],
    [50, 50],
  ])('%j → %j', (value, expected) => {
    expect(parseTagNumber(value)).toBe(expected);
  });
});

describe('image fallbacks', () => {
  it('tries a frame as webp, png, jpg, jpeg', () => {
    expect(frameSources(10)).toEqual([
      '/frames/frame10.webp',
      '/frames/frame10.png',
      '/frames/frame10.jpg',
      '/frames/frame10.jpeg',
    ]);
  });
  it('tries a tag as webp, png, jpg; a tag path or data URL as it is', () => {
    expect(tagSources('tag3')).toEqual(['/tags/tag3.webp', '/tags/tag3.png', '/tags/tag3.jpg']);
    expect(tagSources('/custom/crown.png')).toEqual(['/custom/crown.png']);
    expect(tagSources('data:image/png;base64,AA')).toEqual(['data:image/png;base64,AA']);
    expect(tagSources('none')).toEqual([]);
    expect(tagSources('//evil.example/x')).toEqual([]);
  });
});

describe('test page pixel size (24..200)', () => {
  it.each([
    ['10', 24],
    ['100', 100],
    ['999', 200],
    ['', null],
    ['abc', null],
  ])('%j → %j', (value, expected) => {
    expect(parseTestPixelSize(value)).toBe(expected);
  });
});

describe('colours (spec §5)', () => {
  it.each([
    ['#FF0000', '#ff0000'],
    ['00ff00', '#00ff00'],
    ['#fff', null],
    ['red', null],
    ['#12345g', null],
    [null, null],
  ])('hex %j → %j', (value, expected) => {
    expect(normalizeHexColor(value)).toBe(expected);
  });
  it.each([
    ['#ff0000', 'linear-gradient(135deg, #ff0000, #ff0000)'],
    ['linear-gradient(90deg, #ff0000, #0000ff)', 'linear-gradient(90deg, #ff0000, #0000ff)'],
    [
      'linear-gradient(to right, #ff0000 0%, #00ff00 50%, #0000ff 100%)',
      'linear-gradient(to right, #ff0000 0%, #00ff00 50%, #0000ff 100%)',
    ],
    ['radial-gradient(#ff0000, #0000ff)', null],
    ['linear-gradient(90deg, url(x), #0000ff)', null],
    ['blue', null],
  ])('background %j → %j', (value, expected) => {
    expect(normalizeGradient(value)).toBe(expected);
  });
  it('shows gradients, name effects and backgrounds only for staff', () => {
    const look = {
      usernameColor: '#112233',
      usernameGradient: 'linear-gradient(90deg, #ff0000, #0000ff)',
      usernameEffect: 'soft-fire',
      profileBackgroundColor: '#223344',
      profileEffect: 'glow',
    };
    expect(resolveAppearance({ role: 'member', ...look })).toEqual({
      color: '#112233',
      gradient: null,
      usernameEffect: null,
      background: null,
      profileEffect: 'glow',
    });
    for (const role of ['moderator', 'admin', 'owner'] as const)
      expect(resolveAppearance({ role, ...look })).toEqual({
        color: '#112233',
        gradient: 'linear-gradient(90deg, #ff0000, #0000ff)',
        usernameEffect: 'effect-soft-fire',
        background: 'linear-gradient(135deg, #223344, #223344)',
        profileEffect: 'glow',
      });
  });
});
