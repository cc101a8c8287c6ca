/**
 * Leaves the SPA for another site (back office, external producer portal). An object, so tests can replace
 * `assign` rather than having jsdom attempt a real navigation.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
