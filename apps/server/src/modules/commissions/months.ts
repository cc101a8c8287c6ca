/** The last day (`YYYY-MM-DD`) of a `YYYY-MM` month. */
export function monthEndOf(month: string): string {
  const year = Number(month.slice(0, 4));
  const next = new Date(Date.UTC(year, Number(month.slice(5, 7)), 0));
  return next.toISOString().slice(0, 10);
}
