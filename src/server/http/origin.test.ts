import { describe, expect, it } from 'vitest';
import { originChecker } from './origin';

describe('which pages may act on the site', () => {
  it('with PUBLIC_URL set: that origin and the allow-list only, whatever the Host says', () => {
    const allowed = originChecker('https://majlis.example', ['http://localhost:5173'], { trustHost: false });
    expect(allowed('https://majlis.example', 'majlis.example')).toBe(true);
    expect(allowed('http://localhost:5173', 'localhost:3000')).toBe(true);
    expect(allowed('https://evil.example', 'evil.example')).toBe(false);
    expect(allowed('http://majlis.example', 'majlis.example')).toBe(false);
  });

  it('without it: the host the browser asked for, and never another', () => {
    const allowed = originChecker('http://localhost:3000', [], { trustHost: true });
    expect(allowed('http://192.168.1.5:3000', '192.168.1.5:3000')).toBe(true);
    expect(allowed('http://localhost:3000', '127.0.0.1:3000')).toBe(true);
    expect(allowed('https://evil.example', '192.168.1.5:3000')).toBe(false);
    expect(allowed('null', '192.168.1.5:3000')).toBe(false);
    expect(allowed('http://192.168.1.5:3000', undefined)).toBe(false);
  });
});
