import { clientUrl, test } from '../client/fixtures.js';
test('shot', async ({ page }) => {
  for (const [w, name] of [[1366, 'd'], [390, 'p']] as const) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(clientUrl('en', '/b2c/applications'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/apps-${name}.png`, fullPage: true });
  }
});
