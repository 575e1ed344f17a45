/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import architecture from '../../docs/architecture.md?raw';

// docs/architecture.md stays a true map of the browser's code: every feature folder has its line.

/** The feature folders, from the files Vite sees under features/. */
const features = [
  ...new Set(Object.keys(import.meta.glob('./features/*/*.{ts,tsx}')).map((file) => file.split('/')[2]!)),
].sort();

/** The src/web block of the folder map. */
const webMap = architecture.slice(architecture.indexOf('\nsrc/web/\n'), architecture.indexOf('\ndrizzle/'));

describe('the folder map of docs/architecture.md', () => {
  it('names every feature folder of the browser', () => {
    expect(features.length).toBeGreaterThan(10);
    const missing = features.filter((name) => !new RegExp(`^ {4}${name}/ `, 'm').test(webMap));
    expect(missing).toEqual([]);
  });

  it('names no feature folder that is gone', () => {
    const listed = [...webMap.matchAll(/^ {4}([a-z-]+)\/ /gm)].map((match) => match[1]);
    expect(listed.filter((name) => !features.includes(name!))).toEqual([]);
  });
});
