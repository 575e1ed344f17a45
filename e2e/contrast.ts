/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';

/** One piece of text or one icon whose contrast with what is behind it was measured. */
export interface ContrastReading {
  /** What it is: the text (its first 40 characters), «placeholder: …» or «icon in …». */
  what: string;
  /** Where it is: the element's tag and classes, for finding it in the code. */
  where: string;
  /** The measured ratio (the worst one, over a gradient's colours). */
  ratio: number;
  /** What it must reach: 4.5 for text, 3 for large text and icons (WCAG 2 AA). */
  needs: number;
  color: string;
  ground: string;
}

/**
 * Measures, in the page, every visible piece of text (its own text nodes, and a text box's
 * placeholder) and every icon (`svg`) inside `root`, against what is really behind it: the
 * computed colours, with the ground found by walking up the ancestors and laying their
 * backgrounds one over the other until one is opaque. Colours are read through a canvas, so
 * every CSS colour syntax (oklab from color-mix, color(srgb …), alpha) is handled alike. A
 * gradient (a background, or letters painted with one) is measured at each of its colours and
 * counts by its worst; opacity on the way up fades the text towards its ground. Disabled
 * controls are left out (WCAG exempts inactive components). The light that an effect moves over
 * a name is measured at its brightest over the letters, where they must still read at 3:1.
 */
export function measureContrast(root: Locator): Promise<ContrastReading[]> {
  return root.evaluate((rootElement) => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement('canvas');
    canvas.width = 2;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const parsed = new Map<string, Rgba>();
    // Drawn over black and over white: the two results give both the colour and its alpha.
    const rgba = (css: string): Rgba => {
      const known = parsed.get(css);
      if (known) return known;
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, 1, 1);
      ctx.fillStyle = '#fff';
      ctx.fillRect(1, 0, 1, 1);
      ctx.fillStyle = '#0000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 2, 1);
      const d = ctx.getImageData(0, 0, 2, 1).data;
      const alpha = 1 - (d[4]! - d[0]!) / 255;
      const value: Rgba =
        alpha <= 0.004
          ? [0, 0, 0, 0]
          : [
              Math.min(255, d[0]! / alpha),
              Math.min(255, d[1]! / alpha),
              Math.min(255, d[2]! / alpha),
              Math.round(alpha * 1000) / 1000,
            ];
      parsed.set(css, value);
      return value;
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (c: Rgba) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c: Rgba) =>
      '#' +
      c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('');
    const COLOR = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\((?:[^()]|\([^()]*\))*\)|#[0-9a-f]{3,8}\b/gi;
    const gradientColors = (image: string): Rgba[] =>
      image.includes('gradient(') ? (image.match(COLOR) ?? []).map(rgba).filter((c) => c[3] > 0) : [];

    /** The colours behind `element` (several when a gradient is behind it), and how faded it is on the way. */
    const groundOf = (element: Element): { grounds: Rgba[]; opacity: number } => {
      const layers: Rgba[] = [];
      let opacity = 1;
      let grounds: Rgba[] | null = null;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const clipsText = style.backgroundClip === 'text' || style.webkitBackgroundClip === 'text';
        const gradient = clipsText ? [] : gradientColors(style.backgroundImage);
        if (gradient.length) {
          grounds = gradient.map((stop) => (stop[3] < 1 ? over(stop, rgba(style.backgroundColor)) : stop));
          break;
        }
        const color = rgba(style.backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
        opacity *= Number.parseFloat(style.opacity);
      }
      // Nothing opaque up to the root: the canvas is white.
      let bases = grounds ?? [[255, 255, 255, 1] as Rgba];
      for (const layer of layers.reverse()) bases = bases.map((base) => over(layer, base));
      return { grounds: bases, opacity };
    };

    const readings: {
      what: string;
      where: string;
      ratio: number;
      needs: number;
      color: string;
      ground: string;
    }[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.classList.length ? '.' + [...element.classList].slice(0, 6).join('.') : ''}`;
    const visible = (element: Element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      const style = getComputedStyle(element);
      // Screen-reader-only text (clipped to a pixel).
      return !(style.position === 'absolute' && style.clip === 'rect(0px, 0px, 0px, 0px)');
    };
    const inactive = (element: Element) =>
      element.closest(':disabled, [aria-disabled="true"], .username-light') !== null;
    const measure = (element: Element, what: string, colors: Rgba[], needs: number) => {
      const { grounds, opacity } = groundOf(element);
      let worst: { ratio: number; color: Rgba; ground: Rgba } | null = null;
      for (const ground of grounds)
        for (const color of colors) {
          const faded = over([color[0], color[1], color[2], color[3] * opacity], ground);
          const value = ratio(faded, ground);
          if (!worst || value < worst.ratio) worst = { ratio: value, color: faded, ground };
        }
      if (!worst) return;
      readings.push({
        what,
        where: describe(element),
        ratio: Math.round(worst.ratio * 100) / 100,
        needs,
        color: hex(worst.color),
        ground: hex(worst.ground),
      });
    };
    const textColors = (element: Element): Rgba[] => {
      const style = getComputedStyle(element);
      const fill = rgba(style.webkitTextFillColor || style.color);
      if (fill[3] > 0) return [fill];
      // Letters painted with a gradient (a staff name): each of its colours.
      for (let node: Element | null = element; node; node = node.parentElement) {
        const paint = getComputedStyle(node);
        if (paint.backgroundClip === 'text' || paint.webkitBackgroundClip === 'text')
          return gradientColors(paint.backgroundImage);
      }
      return [];
    };
    const large = (element: Element) => {
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      return size >= 24 || (size >= 18.66 && Number.parseInt(style.fontWeight, 10) >= 700);
    };

    const all = [rootElement, ...rootElement.querySelectorAll('*')];
    for (const element of all) {
      if (!visible(element) || inactive(element)) continue;
      if (element instanceof SVGSVGElement) {
        if (element.closest('.avatar')) continue;
        measure(element, `icon in ${describe(element.parentElement!)}`, [rgba(getComputedStyle(element).color)], 3);
        continue;
      }
      if (element instanceof SVGElement) continue;
      if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) {
        if (element.value === '' && element.placeholder)
          measure(
            element,
            `placeholder: ${element.placeholder.slice(0, 40)}`,
            [rgba(getComputedStyle(element, '::placeholder').color)],
            4.5,
          );
        else if (element.value && element.type !== 'checkbox' && element.type !== 'radio')
          measure(element, `value: ${element.value.slice(0, 40)}`, textColors(element), large(element) ? 3 : 4.5);
        continue;
      }
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!own) continue;
      const colors = textColors(element);
      measure(element, own.slice(0, 40), colors, large(element) ? 3 : 4.5);
      // A name's effect passes a light over its letters: at its brightest they still read as large text does.
      const light = element.classList.contains('username-paint')
        ? element.parentElement?.querySelector('.username-light-core .username-light-text')
        : null;
      if (light) {
        const gleam = rgba(getComputedStyle(light).webkitTextFillColor);
        measure(
          element,
          `${own.slice(0, 40)} (under its light)`,
          colors.map((color) => over(gleam, color)),
          3,
        );
      }
    }
    return readings;
  });
}

/** The readings below what they need. */
export const failing = (readings: ContrastReading[]) => readings.filter((r) => r.ratio < r.needs);

/** One line per failure, for an assertion message a person can act on. */
export const describeFailures = (readings: ContrastReading[]) =>
  failing(readings)
    .map((r) => `${r.ratio} < ${r.needs}: «${r.what}» (${r.color} on ${r.ground}) ${r.where}`)
    .join('\n');

/** Lets `page` settle (a toast, a sheet) before measuring. */
export const settle = (page: Page, ms = 400) => page.waitForTimeout(ms);
