import type { SiteCode } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { HostSite } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pageSettingsOf, type SiteSettingsForPages, siteInfoOf } from './get-site-info.js';
import { type SiteRow, selectAllSites } from './queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `sites` row, in memory (site-cache.ts); `/site_info` answers from it. */
    siteCache: SiteCache;
  }
}

/** How often the rows are read again: an operator's SQL change to `sites` shows within this time, in every process. */
export const SITE_REFRESH_MS = 30_000;

interface CachedSite {
  row: SiteRow;
  pageSettings: SiteSettingsForPages;
}

/**
 * The `sites` table in memory. Sites are written only by the seed or by an operator with SQL, and every page load
 * asks for one (`/site_info`), so each process reads all rows at start (`onReady`) and again every 30 s rather than
 * once per request. A timer, not LISTEN/NOTIFY: a listening connection per process would not survive PgBouncer in
 * transaction mode, and 30 s is soon enough for a change made by hand. A failed refresh keeps the last good rows.
 */
export class SiteCache {
  #sites = new Map<SiteCode, CachedSite>();
  /** What the rows looked like at the last refresh that changed something. */
  #signature = '';
  #stamp = 0;
  /** The `/site_info` body per site and host kind, serialised once per change. */
  #answers = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #inFlight: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly backOfficeUrl: string | undefined,
    private readonly refreshMs = SITE_REFRESH_MS,
  ) {}

  /** The first load (a failure stops the start: the database answered migrations a moment ago), then the timer. */
  async start(): Promise<void> {
    await this.refresh();
    this.stop();
    this.#timer = setInterval(() => {
      this.refresh().catch((err: unknown) =>
        this.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'site cache refresh failed; keeping the last rows',
        ),
      );
    }, this.refreshMs);
    // The timer alone must not keep a process (a script, a test) alive.
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Reads every row now; rejects (keeping the current rows) when the database fails. Concurrent calls share one read. */
  refresh(): Promise<void> {
    this.#inFlight ??= this.#load().finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  async #load(): Promise<void> {
    const rows = await selectAllSites(this.db);
    const signature = JSON.stringify(rows);
    if (signature === this.#signature) return;
    this.#sites = new Map(rows.map((row) => [row.code, { row, pageSettings: pageSettingsOf(row) }]));
    this.#answers = new Map();
    this.#signature = signature;
    this.#stamp += 1;
  }

  /**
   * The row of a site as last read (name, short name, settings), or undefined when there is none. The statement
   * letterhead (modules/statements/statement-firm.ts) can read it here instead of querying per document.
   */
  row(code: SiteCode): SiteRow | undefined {
    return this.#sites.get(code)?.row;
  }

  /** Goes up by one each time a refresh finds the rows changed: a version for caches built on site rows. */
  get stamp(): number {
    return this.#stamp;
  }

  /** The `/site_info` answer for a host, as JSON text: built and checked against the contract once per change. */
  siteInfoJson(site: HostSite): string {
    const key = `${site.code}:${site.features.external ? 1 : 0}:${site.features.internal ? 1 : 0}`;
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      const cached = this.#sites.get(site.code);
      const pageSettings = cached?.pageSettings ?? pageSettingsOf(undefined);
      answer = JSON.stringify(siteInfoOf(cached?.row, pageSettings, site, this.backOfficeUrl));
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
