/** Screenshot of a page at a viewport and locale: tsx scripts/screenshot.ts URL OUT.png WIDTH HEIGHT [locale] */
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.ts';
const [url, out, w, h, lang] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: Number(h) }, locale: lang ?? 'en-CA', deviceScaleFactor: 1 });
const page = await ctx.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url!, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
await page.screenshot({ path: out!, fullPage: true });
console.log(await page.title());
await browser.close();
