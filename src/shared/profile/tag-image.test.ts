import { describe, expect, it } from 'vitest';
import { normalizeTag } from '../entities/profile-style';
import { isTagImage, TAG_DATA_URL_MAX } from './tag-image';

// The first bytes of real files of each type, base64-encoded and padded with zero bytes.
const bytes = (...head: number[]) => btoa(String.fromCharCode(...head, ...new Array(24 - head.length).fill(0)));
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const WEBP = bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const GIF = bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61);

describe('a tag (spec §3: a name or number 1..50, or a path or data URL)', () => {
  it.each([
    ['7', 'tag7'],
    ['tag70', 'tag50'],
    ['crown-0', 'tag1'],
    [`data:image/png;base64,${PNG}`, `data:image/png;base64,${PNG}`],
    [`data:image/webp;base64,${WEBP}`, `data:image/webp;base64,${WEBP}`],
    [`data:image/jpeg;base64,${JPEG}`, `data:image/jpeg;base64,${JPEG}`],
    [`  data:image/gif;base64,${GIF} `, `data:image/gif;base64,${GIF}`],
    ['/tags/tag7.webp', '/tags/tag7.webp'],
    ['/uploads/avatars/7-abc.webp', '/uploads/avatars/7-abc.webp'],
  ])('%s is kept as %s', (input, stored) => {
    expect(normalizeTag(input)).toBe(stored);
  });

  it.each([
    ['no digits', 'crown'],
    ['a picture that lies about its type', `data:image/png;base64,${JPEG}`],
    ['an SVG, which may carry script when opened on its own', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['HTML', 'data:text/html;base64,PGI+aGk8L2I+'],
    ['broken base64', 'data:image/png;base64,iVBORw0KGgo'],
    ['a picture too large to travel with a record', `data:image/png;base64,${PNG}${'A'.repeat(TAG_DATA_URL_MAX)}`],
    ['a remote address (every viewer would fetch it)', 'https://tracker.example/pixel.png'],
    ['a protocol-relative address', '//tracker.example/pixel.png'],
    ['a script address', 'javascript:alert(1)'],
    ['a path outside the picture folders', '/api/auth/logout.png'],
    ['a path climbing out', '/uploads/../api/x.png'],
    ['a path that is not a picture', '/uploads/avatars/a.html'],
    ['a path with a query', '/tags/tag1.webp?x=1'],
  ])('refuses %s', (_why, input) => {
    expect(normalizeTag(input)).toBeNull();
  });

  it('tells a picture from a numbered badge', () => {
    expect(isTagImage('tag7')).toBe(false);
    expect(isTagImage(null)).toBe(false);
    expect(isTagImage('/tags/tag7.webp')).toBe(true);
    expect(isTagImage(`data:image/png;base64,${PNG}`)).toBe(true);
  });
});
