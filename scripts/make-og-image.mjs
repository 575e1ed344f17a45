// Renders public/og-image.png (1200×630), the picture link previews show for every page.
// Run: node scripts/make-og-image.mjs   (needs Debian's Chromium, like the browser tests)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const font = (subset, weight) =>
  readFileSync(
    path.join(
      root,
      `node_modules/@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`,
    ),
  ).toString('base64');
const html = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><style>
@font-face{font-family:Plex;font-weight:700;src:url(data:font/woff2;base64,${font('arabic', 700)}) format('woff2')}
@font-face{font-family:Plex;font-weight:400;src:url(data:font/woff2;base64,${font('arabic', 400)}) format('woff2')}
body{margin:0;width:1200px;height:630px;display:flex;align-items:center;justify-content:center;font-family:Plex;
background:radial-gradient(ellipse at top,#e7f4f0,#f4f6f9 60%);color:#111827}
.card{display:flex;flex-direction:column;align-items:center;gap:28px;text-align:center}
.logo{display:flex;align-items:center;gap:24px;font-size:120px;font-weight:700}
h1{margin:0;font-size:64px;font-weight:700}p{margin:0;font-size:40px;color:#5b6472}
.chips{display:flex;gap:16px}.chips span{background:#0e7c66;color:#fff;border-radius:999px;padding:10px 28px;font-size:32px}
</style></head><body><div class="card">
<div class="logo"><svg viewBox="0 0 64 64" width="140" height="140"><rect width="64" height="64" rx="14" fill="#0e7c66"/><path d="M16 20h32a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-10 8v-8h-4a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z" fill="#fff"/><circle cx="24" cy="33" r="3" fill="#0e7c66"/><circle cx="32" cy="33" r="3" fill="#0e7c66"/><circle cx="40" cy="33" r="3" fill="#0e7c66"/></svg>مجلس</div>
<h1>دردشة عربية مجانية بدون تسجيل</h1>
<p>غرفة لكل بلد عربي، ادخل باسم مستعار ودردش فوراً</p>
<div class="chips"><span>مجانية</span><span>بدون تسجيل</span><span>على الجوال</span></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html, { waitUntil: 'load' });
await page.evaluate(() => globalThis.document.fonts.ready);
await page.screenshot({ path: path.join(root, 'public/og-image.png') });
await browser.close();
console.log('public/og-image.png written');
