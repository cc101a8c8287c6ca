// The render pool's worker file (render-pool/pool.ts loads it from beside itself). Plain .mjs so that Node can load
// this file itself, whatever started the process.
// - Compiled server (`npm start`, apps/server/dist/): the build copies this file next to the bundled `worker.js`,
//   which is plain JavaScript: import it directly, no TypeScript loader in the thread.
// - From sources (tsx in `npm run dev`, e2e, scripts; vite in vitest): there is no worker.js here, and a worker thread
//   does not inherit vitest's transform, so tsx's API loads worker.ts and its imports in this thread.
import { existsSync } from 'node:fs';

const compiled = new URL('./worker.js', import.meta.url);

const worker = existsSync(compiled)
  ? await import(compiled.href)
  : await (await import('tsx/esm/api')).tsImport('./worker.ts', import.meta.url);

export default worker.default;
