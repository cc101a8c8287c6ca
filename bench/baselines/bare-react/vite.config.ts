import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The bare React page, built by the same vite (and React plugin) as apps/web, served under /react/ by the bare
 * server. The output goes to the bench's scratch folder (gitignored), overridable with BARE_REACT_OUT.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/react/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir:
      process.env.BARE_REACT_OUT ?? fileURLToPath(new URL('../../../.tmp/bench/bare-react', import.meta.url)),
    emptyOutDir: true,
  },
});
