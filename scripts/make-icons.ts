/** Renders the app icons (public/icons/*.png) from one SVG drawing, with the system's Chromium. */
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.ts';

const drawing = (padding: number, rounded: boolean) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="#0f5c4d"/>
  <g transform="translate(${padding} ${padding}) scale(${(64 - 2 * padding) / 64})">
    <path d="M16 46V22l16-8 16 8v24" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>
    <path d="M26 46V34h12v12" fill="none" stroke="#f2c14e" stroke-width="4" stroke-linejoin="round"/>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, padding: 0, rounded: true },
  { file: 'icon-512.png', size: 512, padding: 0, rounded: true },
  // Maskable: full bleed, the drawing inside the central safe zone.
  { file: 'icon-maskable-512.png', size: 512, padding: 10, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, padding: 4, rounded: false },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${drawing(icon.padding, icon.rounded)}</body></html>`);
  await page.screenshot({ path: `public/icons/${icon.file}`, omitBackground: true });
}
await browser.close();
console.log(`Wrote ${icons.length} icons to public/icons/`);
