import { chromium } from '@playwright/test';
const [site, login, password, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const width of [1366, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const base = `http://${site}.localhost:4400/angel/face`;
  await page.goto(`${base}/en/api/me`);
  const me = await page.evaluate(() => fetch(location.href).then(r => r.json()));
  const r = await page.evaluate(async ({ login, password, token }) => (await fetch('/angel/face/en/api/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify({ login, password, area: 'b2b' }) })).status, { login, password, token: me.csrfToken });
  if (r !== 200) throw new Error('login ' + r);
  for (const p of paths) {
    await page.goto(`${base}${p}`);
    await page.waitForTimeout(2500);
    const name = `${site}-${p.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
