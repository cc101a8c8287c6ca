import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../components/SkipLink';

/** How long a new screen may take to show its heading (lazy chunk, then its data) before focus goes to <main>. */
const HEADING_WAIT_MS = 5000;

/** The new screen's main heading: the first h1 inside <main>, else <main> itself once the wait is over. */
function findHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
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

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (!first && !changed) return;
    const current = findHeading();
    if (!first && current && current === shownHeading.current) return;

    const focusedAtNavigation = document.activeElement;
    const stillFree = () =>
      document.activeElement === focusedAtNavigation ||
      document.activeElement === document.body ||
      document.activeElement === null;
    const place = (element: HTMLElement) => {
      if (element.tagName === 'H1') shownHeading.current = element;
      if (!first && stillFree()) focusQuietly(element);
    };

    if (!first) window.scrollTo(0, 0);
    if (current) {
      place(current);
      return;
    }
    // The screen (or its data) is still loading: wait for its heading to appear.
    const observer = new MutationObserver(() => {
      const found = findHeading();
      if (!found) return;
      stop();
      place(found);
    });
    const giveUp = setTimeout(() => {
      stop();
      const main = document.getElementById(MAIN_CONTENT_ID);
      if (main && !first) place(main);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(giveUp);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}
