import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const base = `http://afs.localhost:4400/angel/face`;
await page.goto(`${base}/en/api/me`);
const me = await page.evaluate(() => fetch(location.href).then(r => r.json()));
await page.evaluate(async ({ token }) => (await fetch('/angel/face/en/api/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify({ login: 'partner1', password: 'Prod1234', area: 'b2b' }) })).status, { token: me.csrfToken });
await page.goto(`${base}/b2b/clients`);
await page.waitForTimeout(2500);
console.log(await page.evaluate(() => {
  const out: string[] = [];
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    const r = el.getBoundingClientRect();
    if (r.right > 1100) out.push(`${el.tagName}.${(el as HTMLElement).className?.toString().slice(0,80)} w=${Math.round(r.width)} right=${Math.round(r.right)}`);
  }
  return out.slice(0, 15).join('\n') + `\nscrollWidth=${document.documentElement.scrollWidth}`;
}));
await browser.close();
