import { clientUrl, expect, test, text } from './fixtures.js';
import {
  demoPlans,
  fetchFile,
  newWindowRequest,
  pageDownload,
  pdfText,
  snapshot,
  zipEntries,
} from './helpers.js';

for (const language of ['en', 'zh'] as const) {
  test.describe(`Statements (${language})`, () => {
    test('a monthly statement viewed, then downloaded as PDF', async ({ page }) => {
      const { withAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}`));
      await page.getByRole('button', { name: text(language, 'client', 'statement.view') }).click();
      const viewer = page.getByRole('dialog', { name: text(language, 'statements', 'viewer.title') });
      await expect(viewer).toBeVisible();
      const frame = viewer.getByTestId('statement-frame');
      await expect(frame).toBeVisible();
      const content = page.frameLocator('[data-testid="statement-frame"]');
      await expect(content.locator('body')).toContainText(plan.planNo);

      // docs/web.md, "Client area": a frame whose content is taller than 200 grows to content + 50. (The document's own
      // box is the content height; its scroll height would now be the grown frame's.)
      await expect
        .poll(() =>
          frame.evaluate((element: HTMLIFrameElement) => {
            const doc = element.contentDocument as Document;
            const content = doc.documentElement.getBoundingClientRect().height;
            return Math.round(parseFloat(element.style.height) - content);
          }),
        )
        .toBeGreaterThanOrEqual(49);
      const grown = await frame.evaluate((element: HTMLIFrameElement) => {
        const content = (element.contentDocument as Document).documentElement.getBoundingClientRect().height;
        return { frame: parseFloat(element.style.height), content };
      });
      expect(grown.content).toBeGreaterThan(200);
      expect(Math.abs(grown.frame - grown.content - 50)).toBeLessThanOrEqual(1);
      await snapshot(page, `statement-viewer-${language}`);

      const month = plan.stmtMonthOptions[0]?.value ?? '';
      const url = await newWindowRequest(
        page,
        viewer.getByRole('button', { name: text(language, 'statements', 'viewer.downloadPdf') }),
      );
      expect(url).toContain(`/${language}/api/statement/download_monthly_statement`);
      expect(url).toContain(`month=${month}`);
      const pdf = await fetchFile(page, url, `monthly-${language}.pdf`);
      expect(pdf.contentType).toContain('application/pdf');
      const words = pdfText(pdf.file);
      expect(words).toContain(plan.planNo);
      expect(words).toContain(month.replace('-', '/'));
    });

    test('the consolidated statement in another currency, on screen and as PDF', async ({ page }) => {
      const { withAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}`));
      await page.getByRole('button', { name: text(language, 'client', 'statement.view') }).click();
      const viewer = page.getByRole('dialog', { name: text(language, 'statements', 'viewer.title') });
      await expect(viewer.getByTestId('statement-frame')).toBeVisible();

      await viewer.getByLabel(text(language, 'statements', 'viewer.account')).click();
      await page
        .getByRole('option', { name: new RegExp(text(language, 'statements', 'viewer.consolidated')) })
        .click();
      const currency = viewer.getByLabel(text(language, 'statements', 'viewer.currency'));
      await expect(currency).toHaveValue('USD');
      const content = page.frameLocator('[data-testid="statement-frame"]');
      await expect(content.locator('body')).toContainText('USD');

      const htmlRequest = page.waitForRequest((request) => request.url().includes('selected_currency=HKD'));
      await currency.click();
      await page.getByRole('option', { name: 'HKD', exact: true }).click();
      expect((await htmlRequest).url()).toContain('/statement/consolidate_statement/');
      await expect(content.locator('body')).toContainText('HKD');
      await snapshot(page, `statement-consolidated-${language}`);

      const url = await newWindowRequest(
        page,
        viewer.getByRole('button', { name: text(language, 'statements', 'viewer.downloadPdf') }),
      );
      expect(url).toMatch(/\/statement\/consolidate_statement\/\d+\.pdf\?selected_currency=HKD/);
      const pdf = await fetchFile(page, url, `consolidated-${language}.pdf`);
      expect(pdfText(pdf.file)).toContain('HKD');
    });

    test('every plan statement of a month as one ZIP, and as one PDF', async ({ page }) => {
      const { withAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}`));
      await page.getByRole('button', { name: text(language, 'client', 'statement.view') }).click();
      const viewer = page.getByRole('dialog', { name: text(language, 'statements', 'viewer.title') });
      await expect(viewer.getByTestId('statement-frame')).toBeVisible();

      // Bundles take seconds: the page fetches them, says it is working, then that the file arrived.
      const zipButton = viewer.getByRole('button', {
        name: text(language, 'statements', 'viewer.downloadAllZip'),
      });
      const zip = await pageDownload(
        page,
        zipButton,
        /\/statement\/download_zip$/,
        `statements-${language}.zip`,
      );
      const zipUrl = decodeURIComponent(zip.url);
      expect(zipUrl).toMatch(/\/statement\/download_zip\?party_ids=\d+(,\d+)+&month=\d{4}-\d{2}$/);
      expect(zip.suggestedName).toMatch(/\.zip$/);
      await expect(viewer.getByRole('status').filter({ hasText: zip.suggestedName })).toBeVisible();
      const entries = zipEntries(zip.file);
      const partyCount = zipUrl.split('party_ids=')[1]?.split('&')[0]?.split(',').length ?? 0;
      expect(entries.length).toBe(partyCount);
      expect(entries.every((entry) => entry.endsWith('.pdf'))).toBe(true);
      expect(entries.some((entry) => entry.includes(plan.planNo))).toBe(true);

      const pdf = await pageDownload(
        page,
        viewer.getByRole('button', { name: text(language, 'statements', 'viewer.downloadAllPdf') }),
        /\/statement\/download_pdf$/,
        `statements-${language}.pdf`,
      );
      expect(pdf.suggestedName).toMatch(/\.pdf$/);
      expect(pdfText(pdf.file)).toContain(plan.planNo);
    });

    test('the provider statement opens in a new window', async ({ page }) => {
      const { withAssets: plan } = await demoPlans(page);
      await page.goto(clientUrl(language, `/b2c/plan_detail/${plan.id}`));
      const url = await newWindowRequest(
        page,
        page.getByRole('button', { name: text(language, 'client', 'statement.providerStatement') }),
      );
      expect(url).toContain(plan.providerStatementPath ?? '/b2c/files/provider_statement/');
      const pdf = await fetchFile(page, url, `provider-${language}.pdf`);
      expect(pdf.contentType).toContain('application/pdf');
    });
  });
}
