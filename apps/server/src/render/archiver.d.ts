// archiver 8 ships as ESM without type declarations; this is the part the ZIP writer uses.
declare module 'archiver' {
  import type { Readable } from 'node:stream';
  export class ZipArchive extends Readable {
    constructor(options?: { store?: boolean; zlib?: { level?: number } });
    append(source: Buffer | Readable | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
  }
}
