import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only helpers: the walks in e2e/keyboard move with Tab, Shift+Tab, arrows, Enter, Space and Escape, and
 * never click. Each stop is checked for a visible focus indicator on screen.
 */

interface FocusStop {
  description: string;
  indicator: boolean;
  onScreen: boolean;
}

/** What has focus now: a short description, whether it draws a focus indicator, and whether it is on screen. */
async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { description: 'body', indicator: false, onScreen: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const box = element.getBoundingClientRect();
    const onScreen =
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth;
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    return {
      description: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 50)}"`,
      indicator: outline || shadow,
      onScreen,
    };
  });
}

/** Fails unless the focused element draws a focus indicator (outline or ring) and is on screen. */
export async function expectVisibleFocus(page: Page, where: string): Promise<void> {
  const stop = await focusStop(page);
  expect(stop, `focus on ${where} (${stop.description}) must be visible`).toMatchObject({
    indicator: true,
    onScreen: true,
  });
}

/** Whether focus is on (or inside) any element the locator matches: a layout may render a control twice, one hidden. */
const isFocused = async (target: Locator) =>
  target.evaluateAll((elements) =>
    elements.some(
      (element) => element === document.activeElement || element.contains(document.activeElement),
    ),
  );

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, then checks the focus is visible. Fails after `max` presses
 * and lists the stops on the way, which shows an unreachable control or a trap.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  where: string,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<number> {
  const path: string[] = [];
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectVisibleFocus(page, where);
      return presses;
    }
    path.push((await focusStop(page)).description);
  }
  throw new Error(`${where}: not reached with ${max} presses of Tab. Stops:\n${path.join('\n')}`);
}

/** Presses `key` and expects `target` to have focus after it, visibly. */
export async function pressAndExpectFocus(page: Page, key: string, target: Locator, where: string) {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  await expectVisibleFocus(page, where);
}

/** A label or name that starts with `text` (a required field's label ends in " *"). */
export const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * After a change of screen, focus is at its start: on its main heading, or on <main> when the heading took longer
 * than the SPA waits for it (RouteFocus.tsx, 5 s: a loaded test machine can take that long). `heading` is the new
 * screen's heading, waited for first so the previous screen's is not taken for it.
 */
export async function expectFocusAtScreenStart(
  page: Page,
  heading: Locator,
  { newDocument = false }: { newDocument?: boolean } = {},
): Promise<void> {
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const focusIs = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      const main = document.getElementById('main-content');
      if (element === main || (element?.tagName === 'H1' && !!main?.contains(element))) return 'screen start';
      return element === document.body || element === null ? 'document start' : 'elsewhere';
    });
  if (newDocument) {
    // A full page load (the login page hands over to the SPA this way) may stay at the top of the document, as every
    // browser starts: then the first Tab is the skip link, and it takes the person to the screen's start. The SPA's
    // own move to the heading (RouteFocus, within 5 s) is waited for first, so the two do not race.
    const settled = await expect
      .poll(focusIs, { timeout: 6000 })
      .toBe('screen start')
      .then(
        () => true,
        () => false,
      );
    if (!settled && (await focusIs()) === 'document start') {
      const skip = page.locator('a[href="#main-content"]');
      await tabTo(page, skip, 'skip link, first stop of the new page', { max: 1 });
      await page.keyboard.press('Enter');
    }
  }
  await expect
    .poll(focusIs, { message: 'focus at the start of the new screen (its heading or <main>)' })
    .toBe('screen start');
}
