import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8123';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
for (const lang of ['de', 'fr', 'zh', 'it', 'es']) {
  for (const p of ['/ai-realistic-generator', '/about', '/legal/privacy']) {
    await page.goto(`${base}${p}?lang=${lang}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) console.log('OVERFLOW', lang, p, overflow);
    await page.screenshot({ path: `/tmp/walk/shots/l-${lang}${p.replace(/\//g, '_')}.png` });
  }
}
await browser.close();
