/**
 * Leaves the SPA for another document: another site (back office, external producer portal), or the login page,
 * which is its own light page (login.html). An object, so tests can replace its methods rather than having jsdom
 * attempt a real navigation.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** A full page load that takes the place of the current history entry (as a redirect does). */
  replace(url: string): void {
    window.location.replace(url);
  },
};
