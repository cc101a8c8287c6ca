import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/*
 * PGlite's `query`, with fewer trips into its backend (decision 064).
 *
 * PGlite runs each statement unnamed, in six calls into its WebAssembly backend (parse, describe, bind, describe,
 * execute, sync), each with its fixed cost, and PostgreSQL parses and plans the text every time; planning probes
 * each relation's size (an `fstat` through Emscripten's file system per table and index), which was a sixth of the
 * busy time of a warm statement page on the README's default database. Here:
 * - every statement takes two calls: parse and describe (the parameter types decide how each value is
 *   serialised), then bind, describe, execute and sync together, as a network client pipelines them;
 * - the statements of db/prepared.ts (key lookups whose plan does not depend on the values) are parsed once per
 *   database under their name, and each call after that is one bind-describe-execute-sync message: PostgreSQL's
 *   plan cache serves them as it does on a server.
 * Locks, errors, parsers and the file-system sync after a statement outside a transaction are PGlite's own; a query
 * that streams a file (COPY with `blob`) goes through PGlite's `query` unchanged.
 */

/** Statement texts that may be prepared under a name, and that name (filled by db/prepared.ts). */
const namedTexts = new Map<string, string>();

/** Registers `text` to run as the named statement `name` on every PGlite database. */
export function registerNamedStatement(name: string, text: string): void {
  const known = namedTexts.get(text);
  if (known !== undefined && known !== name) throw new Error(`statement text named twice: ${known}, ${name}`);
  namedTexts.set(text, name);
}

const { serialize } = protocol;

/** Replaces `client.query` (the method drizzle, the job queue and raw SQL all call) with the pipelined one. */
export function pipelineQueries(client: PGlite): void {
  /** Parameter types of the statements prepared on this database, by name. */
  const prepared = new Map<string, number[]>();
  const original = client.query.bind(client);

  /**
   * The database's parsers with the caller's on top. PGlite merges them on every call (a copy of several hundred
   * entries, the largest single cost of a short query in a profile); a caller's parsers are one object per
   * prepared statement (drizzle's), so the merge is kept per object.
   */
  const merged = new WeakMap<object, PGlite['parsers']>();
  const parsersFor = (options: QueryOptions | undefined): PGlite['parsers'] => {
    const own = options?.parsers;
    if (!own) return client.parsers;
    let parsers = merged.get(own);
    if (!parsers) {
      parsers = { ...client.parsers, ...own };
      merged.set(own, parsers);
    }
    return parsers;
  };

  const send = (parts: Uint8Array[], options?: QueryOptions) =>
    client.execProtocolStream(concat(parts), {
      syncToFs: false,
      ...(options?.onNotice ? { onNotice: options.onNotice } : {}),
    });

  /** Parses `text` (under `name`, or unnamed) and reads its parameter types; an error ends the exchange. */
  const prepare = async (text: string, name: string | undefined, options: QueryOptions | undefined) => {
    const messages = [
      serialize.parse({ ...(name ? { name } : {}), text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', ...(name ? { name } : {}) }),
    ];
    try {
      return parse.parseDescribeStatementResults(
        await send(name ? [...messages, serialize.sync()] : messages, options),
      );
    } catch (error) {
      // Unnamed: the backend skips everything up to the next Sync after an error.
      if (!name) await send([serialize.sync()]);
      throw error;
    }
  };

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined) => {
    const name = namedTexts.get(text);
    let types = name === undefined ? undefined : prepared.get(name);
    if (!types) {
      types = await prepare(text, name, options);
      if (name !== undefined) prepared.set(name, types);
    }
    const parameterTypes = types;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = parameterTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await send(
      [
        serialize.bind({ ...(name ? { statement: name } : {}), values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ],
      options,
    );
    if (!client.isInTransaction()) await client.syncToFs();
    const rowMode = options?.rowMode ? { rowMode: options.rowMode } : undefined;
    return parse.parseResults(messages, parsersFor(options), rowMode)[0] as Results<T>;
  };

  client.query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (options?.blob) return original<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
