import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFreshDatabase } from '../db/fresh-database.js';
import { createDbFileStore, type FileStore } from './file-store.js';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('database file store', () => {
  let fresh: Awaited<ReturnType<typeof openFreshDatabase>>;
  let store: FileStore;
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    store = createDbFileStore(fresh.database.db);
  });
  afterAll(() => fresh.drop());

  it('round-trips every byte value, from a Buffer and from a stream', async () => {
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(300_000),
    ]);
    await store.put('tests/binary.bin', 'application/octet-stream', bytes);
    const got = await store.get('tests/binary.bin');
    expect(got?.contentType).toBe('application/octet-stream');
    expect(got?.size).toBe(bytes.length);
    expect(got?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(got && (await readAll(got.body)).equals(bytes)).toBe(true);

    await store.put(
      'tests/streamed.txt',
      'text/plain',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
    );
    const streamed = await store.get('tests/streamed.txt');
    expect(streamed && (await readAll(streamed.body)).toString()).toBe('hello world');
  });

  it('replaces a file put twice under one key', async () => {
    await store.put('tests/replace.txt', 'text/plain', Buffer.from('one'));
    await store.put('tests/replace.txt', 'text/csv', Buffer.from('two, three'));
    const got = await store.get('tests/replace.txt');
    expect(got?.contentType).toBe('text/csv');
    expect(got && (await readAll(got.body)).toString()).toBe('two, three');
  });

  it('answers null and false for a missing key, and refuses path tricks', async () => {
    expect(await store.get('tests/missing.pdf')).toBeNull();
    expect(await store.exists('tests/missing.pdf')).toBe(false);
    expect(await store.exists('tests/replace.txt')).toBe(true);
    await expect(store.put('../etc/passwd', 'text/plain', Buffer.from('x'))).rejects.toThrow(
      /invalid file key/,
    );
  });
});
