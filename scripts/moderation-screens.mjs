/**
 * Photographs the moderation screens (kick overlay, person card, panel tabs, muted composer,
 * room notices) at phone and desktop sizes, from scripts/moderation-screens/ on Vite's dev
 * server with a fake socket and canned HTTP. Not a test: a way to look at them.
 *   node scripts/moderation-screens.mjs [scenario-name-filter]
 * Pictures go to test-results/moderation-screens/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const OUT = path.resolve('test-results/moderation-screens');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 820 } };

/** name → query string, and what to do on the page before the picture. */
const SCENARIOS = [
  ['kick', 's=kick'],
  ['kick-calm', 's=kick', null, { reducedMotion: 'reduce' }],
  ['ban', 's=ban'],
  ['barred', 's=barred'],
  ['block', 's=block'],
  ['kick-hidden', 's=kick-hidden'],
  ['notices', 's=chat&role=member'],
  ['muted', 's=muted&role=member'],
  ['muted-female', 's=muted&role=member&female=1'],
  ['card-owner', 's=card&role=owner'],
  ['card-member', 's=card&role=member'],
  ['card-message', 's=card&role=moderator&message=1'],
  ['card-kick', 's=card&role=owner&action=kick'],
  ['card-ban', 's=card&role=admin&action=ban'],
  [
    'card-refused',
    's=card&role=owner&action=kick',
    async (page) => {
      await page.getByRole('button', { name: 'طرد', exact: true }).last().click();
      await page.getByRole('alert').last().waitFor();
    },
  ],
  [
    'slash-error',
    's=slash&role=moderator',
    async (page) => {
      const box = page.getByRole('textbox', { name: 'اكتب رسالتك' });
      await box.fill('/kick فلان 10 إزعاج');
      await box.press('Enter');
      await page.getByRole('alert').waitFor();
    },
  ],
  ['panel-online', 's=panel&tab=online'],
  ['panel-sanctions', 's=panel&tab=sanctions'],
  ['panel-log', 's=panel&tab=log'],
  ['panel-reports', 's=panel&tab=reports'],
  ['panel-words', 's=panel&tab=words'],
  [
    'panel-roles',
    's=panel&tab=roles',
    async (page) => {
      const panel = page.getByRole('dialog');
      await panel.getByRole('searchbox').fill('Ahmed');
      await panel.getByRole('button', { name: /Ahmed_Cairo/ }).click();
      console.log('root aria-hidden:', await page.locator('#root').getAttribute('aria-hidden'));
    },
  ],
  ['panel-moderator', 's=panel&tab=online&role=moderator'],
];

const filter = process.argv[2];
const server = await createServer({ server: { port: 5199, strictPort: true }, logLevel: 'error' });
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
mkdirSync(OUT, { recursive: true });
try {
  for (const [name, query, act, options] of SCENARIOS) {
    if (filter && !name.includes(filter)) continue;
    for (const [size, device] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ]) {
      const context = await browser.newContext({
        ...device,
        locale: 'ar',
        reducedMotion: 'no-preference',
        ...options,
      });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`http://localhost:5199/scripts/moderation-screens/index.html?${query}`);
      await page.waitForLoadState('networkidle');
      // Lazily loaded parts (overlay, card, panel) must be on screen before the picture.
      if (/s=(kick|ban|barred|block)(&|$)/.test(query)) await page.getByRole('alertdialog').waitFor();
      if (/s=(card|panel)(&|$)/.test(query)) await page.getByRole('dialog').last().waitFor();
      await page.waitForTimeout(700);
      if (act) await act(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(OUT, `${name}-${size}.png`) });
      if (errors.length) console.log(name, size, errors);
      await context.close();
    }
    console.log('shot', name);
  }
} finally {
  await browser.close();
  await server.close();
}
