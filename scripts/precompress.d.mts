// Types of precompress.mjs for the TypeScript tests that call it (apps/server/src/plugins/spa.test.ts).
export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare const MIN_BYTES: number;
/** Sizes in bytes: of the eligible originals, and of what a browser receives with br or gzip. */
export declare function precompress(
  dir: string,
): Promise<{ files: number; bytes: number; br: number; gz: number }>;
