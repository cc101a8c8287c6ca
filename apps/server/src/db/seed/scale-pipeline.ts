import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import type { IdSource } from './scale-rows.js';

/**
 * Ids reserved from a table's identity sequence, a block at a time, and handed out synchronously while a chunk is
 * built: the chunk's plans can name their clients (and its applications their plans) without waiting for an
 * INSERT … RETURNING, so building chunk n + 1 overlaps inserting chunk n. A block is one `setval` past `nextval`
 * (50 000 single `nextval` calls took 0.4 s). Should another session take an id from the sequence between the two,
 * that id falls inside the block and the load stops on a duplicate key rather than writing anything wrong. Ids
 * left over at the end stay unused.
 */
export class IdReserve implements IdSource {
  /** Reserved ranges [first, last] not yet used up, oldest first. */
  private readonly ranges: [number, number][] = [];
  /** Lowest and highest id handed out (the statement data covers the generated clients by id range). */
  low = Number.POSITIVE_INFINITY;
  high = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly block: number,
  ) {}

  private get available(): number {
    return this.ranges.reduce((n, [first, last]) => n + last - first + 1, 0);
  }

  async ensure(count: number): Promise<void> {
    if (this.available >= count) return;
    const size = Math.max(count, this.block);
    const result = (await this.db.execute(sql`select setval(s.seq, nextval(s.seq) + ${size - 1}) as last
      from (select pg_get_serial_sequence(${this.table}, 'id') as seq) s`)) as unknown as {
      rows: { last: string | number }[];
    };
    const last = Number(result.rows[0]?.last);
    // Without another writer the new block follows the old one: ids stay consecutive, as INSERT would give them.
    this.ranges.push([last - size + 1, last]);
  }

  take(): number {
    const range = this.ranges[0];
    if (!range) throw new Error(`no reserved ${this.table} id left`);
    const id = range[0]++;
    if (range[0] > range[1]) this.ranges.shift();
    if (id < this.low) this.low = id;
    if (id > this.high) this.high = id;
    return id;
  }
}

/**
 * At most `depth` statements in flight: `push` returns once the statement is on its way (or waits for a slot), so
 * the caller builds the next chunk while PostgreSQL inserts this one, on another pooled connection when depth > 1.
 */
export class StatementPipeline {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly depth: number,
  ) {}

  async push(statement: SQL, onDone: () => void): Promise<void> {
    while (this.inFlight.size >= this.depth) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure;
    const running: Promise<void> = this.db.execute(statement).then(onDone, (err: unknown) => {
      this.failure ??= err;
    });
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
    // One turn of the event loop lets the driver check out a connection and send the statement before the caller
    // goes back to synchronous work.
    await new Promise((resolve) => setImmediate(resolve));
  }

  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }
}
