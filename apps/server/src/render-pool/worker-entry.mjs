// The render pool's worker file. The server runs from TypeScript sources (tsx in production and e2e, vite in vitest),
// and a worker thread does not inherit vitest's transform: tsx's API loads worker.ts and its imports in this thread,
// whatever started the process. Plain .mjs so that Node can load this file itself.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./worker.ts', import.meta.url);

export default worker.default;
