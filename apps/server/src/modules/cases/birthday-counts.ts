/**
 * The home's birthday figure per scope and Hong Kong week, kept for ten minutes (docs/producer/cases.md, "How the home
 * stays fast for any team"). Birthdays are calendar data: a figure a few minutes old says the same thing, and for the
 * head of a large team it is the one count that reads thousands of clients. Bounded: the oldest entry leaves first.
 */
export class BirthdayCounts {
  private readonly entries = new Map<string, { n: number; until: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string, now: number): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.n;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, n: number, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { n, until: now + this.ttlMs });
  }
}
