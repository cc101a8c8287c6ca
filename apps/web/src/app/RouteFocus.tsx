import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../components/SkipLink';

/** How long a new screen may take to show its heading (lazy chunk, then its data) before focus goes to <main>. */
const HEADING_WAIT_MS = 5000;

/** Whether an element is on show: React hides a suspended screen's old content with an inline `display: none`. */
function isShown(element: HTMLElement): boolean {
  return element.isConnected && element.closest('[hidden], [style*="display: none"]') === null;
}

/** The new screen's main heading: the first h1 on show inside <main>, else <main> itself once the wait is over. */
function findHeading(): HTMLElement | null {
  const headings = document.querySelectorAll<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
  return Array.from(headings).find(isShown) ?? null;
}

function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * After every change of screen (a new path; decision 013) the window goes back to the top and focus moves to the
 * new screen's main heading, so sighted users do not land on an empty-looking middle of a page and screen-reader
 * users hear where they are. A change of the query string alone (a tab, a filter, a page of a table) stays where
 * it is: it changes part of the same screen, and so does a new path that keeps the screen's heading (tabs that are
 * child routes). The first page load keeps the browser's own focus (the skip link
 * comes first). Focus is not taken back if the person already moved it elsewhere while the screen loaded.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  // The heading of the screen on show: a path change that keeps it (tabs as child routes) is not a new screen.
  const shownHeading = useRef<HTMLElement | null>(null);
  const shownText = useRef<string | null>(null);
  // The path being rendered now: a screen's watch for its heading ends as soon as the next screen renders (the
  // next effect only starts after the next screen is drawn, and must find that screen's heading unclaimed).
  const renderedPath = useRef(pathname);
  renderedPath.current = pathname;

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (!first && !changed) return;
    const current = findHeading();
    // The same heading, saying the same, is the same screen (tabs as child routes). React may keep the heading's
    // element from one screen to the next (both screens draw it in the same place) and change only its text: that
    // is a new screen. While the previous screen's heading is still on show unchanged, wait for another one.
    const sameAsShown = (element: HTMLElement | null) =>
      !!element && element === shownHeading.current && element.textContent === shownText.current;
    const oldHeading = !first && sameAsShown(current) ? current : null;

    const focusedAtNavigation = document.activeElement;
    const stillFree = () =>
      document.activeElement === focusedAtNavigation ||
      document.activeElement === document.body ||
      document.activeElement === null;
    const place = (element: HTMLElement) => {
      if (element.tagName === 'H1') {
        shownHeading.current = element;
        shownText.current = element.textContent;
      }
      if (!first && stillFree()) focusQuietly(element);
    };

    if (!first) window.scrollTo(0, 0);
    // The heading placed so far. A loading screen may draw a heading of its own that the loaded screen replaces with
    // a new element, or React may hide it while the screen suspends: focus falls back to the page with it, so a
    // heading that left the page, was hidden or lost the focus is replaced by the new one on show, for as long as
    // the screen may take to load.
    let placed: HTMLElement | null = null;
    let placedWasHidden = false;
    const placeHeading = (heading: HTMLElement) => {
      placed = heading;
      place(heading);
    };
    if (current && !oldHeading) placeHeading(current);
    const observer = new MutationObserver(() => {
      if (renderedPath.current !== pathname) return stop();
      // A heading placed and then hidden (React hides a screen that suspends again) lost its focus on the way.
      if (placed && !isShown(placed)) placedWasHidden = true;
      const found = findHeading();
      if (!found || (found === oldHeading && sameAsShown(found))) return;
      // Take the heading on show if it is new and the one placed is gone, hidden or lost the focus to the page, or
      // if it is the one placed, shown again after it was hidden. Focus the person moved on is theirs.
      const lost =
        found === placed
          ? placedWasHidden && document.activeElement === document.body
          : !placed || !isShown(placed) || document.activeElement === document.body;
      if (!lost) return;
      placedWasHidden = false;
      placeHeading(found);
    });
    const giveUp = setTimeout(() => {
      stop();
      const main = document.getElementById(MAIN_CONTENT_ID);
      if (main && !first && !oldHeading && !placed) place(main);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(giveUp);
    }
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'hidden'],
    });
    return stop;
  }, [pathname]);

  return null;
}
