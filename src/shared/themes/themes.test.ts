import { describe, expect, it } from 'vitest';
import { contrast, luminance } from './color';
import { READABLE_PAIRS, THEME_BASES, THEME_IDS, themeColors, themeCss, themeOrDefault } from './themes';

describe('site themes (spec §9)', () => {
  it('has the 18 themes of the spec', () => {
    expect(THEME_IDS).toHaveLength(18);
    expect(Object.keys(THEME_BASES).sort()).toEqual([...THEME_IDS].sort());
  });

  it.each(THEME_IDS)('%s: every text is readable on its ground (at least 4.5:1)', (id) => {
    const colors = themeColors(id);
    for (const [text, ground] of READABLE_PAIRS)
      expect(contrast(colors[text], colors[ground]), `${id}: ${text} on ${ground}`).toBeGreaterThanOrEqual(4.5);
  });

  it('sets primary, primary-foreground, background and foreground from the theme', () => {
    for (const id of THEME_IDS) {
      const base = THEME_BASES[id];
      const colors = themeColors(id);
      expect(colors.background).toBe(base.background);
      expect(colors.foreground).toBe(base.foreground);
      expect(colors['primary-foreground']).toBe(base.primaryForeground);
      expect(themeCss(id)).toContain(`--primary:${colors.primary}`);
    }
  });

  it('gives dark and berryCool dark sidebars; the others use the card colour', () => {
    for (const id of THEME_IDS) {
      const { sidebar, card } = themeColors(id);
      if (id === 'dark' || id === 'berryCool') expect(luminance(sidebar), id).toBeLessThan(0.03);
      else expect(sidebar, id).toBe(card);
    }
    // berryCool's page is light: only its sidebar is dark.
    expect(luminance(themeColors('berryCool').background)).toBeGreaterThan(0.8);
  });

  it('gives berryCool a current item and a primary of its own in its dark side columns', () => {
    const c = themeColors('berryCool');
    expect(luminance(c['sidebar-accent'])).toBeLessThan(0.1);
    expect(contrast(c['sidebar-foreground'], c['sidebar-accent'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c['sidebar-primary'], c.sidebar)).toBeGreaterThanOrEqual(4.5);
    // On a light page the side columns share the page's colours.
    expect(themeColors('ocean')['sidebar-accent']).toBe(themeColors('ocean').accent);
  });

  it('keeps the light over names with effects faint on light grounds (side columns by their own)', () => {
    expect(themeCss('default')).toContain('--name-light:0.25;--sidebar-name-light:0.25');
    expect(themeCss('dark')).toContain('--name-light:0.9;--sidebar-name-light:0.9');
    expect(themeCss('berryCool')).toContain('--name-light:0.25;--sidebar-name-light:0.9');
  });

  it('has a black navigation bar in default', () => {
    expect(themeColors('default').nav).toBe('#000000');
  });

  it('uses default for an unknown id', () => {
    expect(themeOrDefault('neon-purple')).toBe('default');
    expect(themeOrDefault(undefined)).toBe('default');
    expect(themeOrDefault('__proto__')).toBe('default');
    expect(themeOrDefault('ocean')).toBe('ocean');
  });
});
