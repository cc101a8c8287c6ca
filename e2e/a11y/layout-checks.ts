import { expect, type Page } from '@playwright/test';

interface WidthProblems {
  pageOverflow: number;
  clippedCharts: string[];
  hiddenColumns: string[];
  unnamedScrolls: string[];
}

/**
 * Fails when the screen does not fit its width: the page itself scrolls sideways, a chart drawing sticks out of its
 * card, a table cell lies outside the screen without a scroll region to reach it, or a sideways-scrolling region
 * has no keyboard stop or no name.
 */
export async function expectFitsWidth(page: Page, label: string): Promise<void> {
  const problems = await page.evaluate((): WidthProblems => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').slice(0, 2).join('.')}` : ''}`;
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const clippedCharts = [...document.querySelectorAll('.donut-drawing svg, .area-chart svg')].flatMap(
      (svg) => {
        const box = svg.getBoundingClientRect();
        const card = svg.closest('section, .mantine-Card-root, main') ?? root;
        const frame = card.getBoundingClientRect();
        return box.left < frame.left - 1 || box.right > frame.right + 1 || box.right > viewport + 1
          ? [
              `${describe(svg.parentElement ?? svg)}: ${Math.round(box.width)} px in ${Math.round(frame.width)} px`,
            ]
          : [];
      },
    );
    const scrollerOf = (element: Element): HTMLElement | null => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (/(auto|scroll)/.test(style.overflowX) && node.scrollWidth > node.clientWidth + 1) return node;
      }
      return null;
    };
    const hiddenColumns: string[] = [];
    const unnamedScrolls: string[] = [];
    for (const table of document.querySelectorAll('main table')) {
      if (table.closest('[aria-hidden="true"], .mantine-VisuallyHidden-root') || !table.checkVisibility())
        continue;
      const scroller = scrollerOf(table);
      if (scroller) {
        if (scroller.tabIndex < 0 || !scroller.getAttribute('aria-label'))
          unnamedScrolls.push(
            `${describe(scroller)} around "${table.querySelector('caption')?.textContent}"`,
          );
        continue;
      }
      for (const cell of table.querySelectorAll('th, td')) {
        if (!cell.checkVisibility()) continue;
        const box = cell.getBoundingClientRect();
        if (box.width > 0 && box.right > viewport + 1) {
          hiddenColumns.push(
            `"${cell.textContent?.trim().slice(0, 30)}" ends at ${Math.round(box.right)} px`,
          );
          break;
        }
      }
    }
    return { pageOverflow: root.scrollWidth - viewport, clippedCharts, hiddenColumns, unnamedScrolls };
  });
  expect(problems, `${label} does not fit its ${page.viewportSize()?.width} px width`).toEqual({
    pageOverflow: 0,
    clippedCharts: [],
    hiddenColumns: [],
    unnamedScrolls: [],
  });
}
