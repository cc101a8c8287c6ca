import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { firstScreenChunkName } from './build/area-chunks.ts';
import { directPackageImports } from './build/direct-imports.ts';
import { pageLanguages } from './build/page-languages.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes `.vite/chunk-modules.json` beside the manifest: for each JS file, the modules it holds and their rendered
 * size; for each CSS file, the stylesheets (CSS modules) in it. scripts/bundle-report.ts reads it to say which
 * packages a screen downloads and to check that each area has the styles of the Mantine components it draws. The
 * server does not serve dot-directories, and the ids are relative to apps/web, so no machine path leaks.
 */
function chunkModules(): Plugin {
  return {
    name: 'portal:chunk-modules',
    apply: 'build',
    // Before Vite's CSS plugin drops the chunks that hold nothing but CSS, so their stylesheets can be traced too.
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const byFile: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, rendered] of Object.entries(output.modules)) {
          modules[relative(webRoot, id.replace(/^\0/, ''))] = rendered.renderedLength;
        }
        byFile[output.fileName] = modules;
        // Each stylesheet the chunk produced lists the CSS modules in it (a chunk's CSS is one file).
        for (const cssFile of output.viteMetadata?.importedCss ?? []) {
          const cssModules = byFile[cssFile] ?? {};
          for (const id of Object.keys(modules)) if (id.endsWith('.css')) cssModules[id] = 0;
          byFile[cssFile] = cssModules;
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(byFile) });
    },
  };
}

/**
 * Mantine's ScrollArea takes one small hook, useMergeRefs, from @floating-ui/react; that import put the whole
 * positioning library into every screen with a Mantine table (Table carries ScrollArea along). It resolves to the
 * same hook in src/lib/merge-refs.ts instead. Any other import from that package still gets the package, and a
 * Mantine release that imports more from it here fails the build (missing export) rather than misbehaving.
 */
function scrollAreaMergeRefs(): Plugin {
  const hook = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
  const scrollArea = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  return {
    name: 'portal:scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && scrollArea.test(importer) ? hook : null;
    },
  };
}

/**
 * Mantine's AppShell parts import react-remove-scroll for two class names, and a navbar resize handle that draws
 * nothing unless AppShell gets `resize`; every area's layout downloaded both (≈ 7 kB gzip) on its first screen.
 * Imported from an AppShell part, they resolve to src/lib/app-shell-shims.ts (tested against the package's class
 * names, and that no layout is resizable); modals and drawers still import the real react-remove-scroll.
 */
function appShellShims(): Plugin {
  const shims = fileURLToPath(new URL('./src/lib/app-shell-shims.ts', import.meta.url));
  const appShellPart = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]App[A-Za-z]+[\\/]/;
  const shimmed = (source: string) =>
    source === 'react-remove-scroll' || source.endsWith('/AppShellResizeHandle/AppShellResizeHandle.mjs');
  return {
    name: 'portal:app-shell-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && appShellPart.test(importer) && shimmed(source) ? shims : null;
    },
  };
}

/** Paths (after the base path) that are the login page: the root and /login, each with an optional language. */
export const LOGIN_PATH = /^(\/(en|ja|zh|kr))?(\/|\/login\/?)?$/;

/**
 * The dev and preview servers answer every page path with index.html; the login paths get login.html instead, as
 * apps/server/src/plugins/spa.ts does in production. Without it the SPA's login route (a full page load to the
 * login page) would load itself again and again.
 */
function loginPage(base: string): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const [path = '', query] = (req.url ?? '').split('?');
    const rest = path.startsWith(base) ? path.slice(base.length - 1) : null;
    if (rest !== null && LOGIN_PATH.test(rest)) req.url = `${base}login.html${query ? `?${query}` : ''}`;
    next();
  };
  return {
    name: 'portal:login-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/** Ensures the base path has exactly one leading and one trailing slash, as Vite expects. */
function normaliseBase(raw: string | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, webRoot, 'VITE_'), ...process.env };
  const base = normaliseBase(env.VITE_BASE_PATH ?? '/angel/face/');
  const apiTarget = env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';
  // Only the API prefixes go to the server; every other path under the base is the SPA (Vite serves index.html).
  const apiPrefix = `^${base}(en|ja|zh|kr|zh-TW)/api(/|$)`;

  return {
    root: webRoot,
    base,
    plugins: [
      react(),
      scrollAreaMergeRefs(),
      appShellShims(),
      directPackageImports(
        ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@mantine/dates'],
        fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
      ),
      chunkModules(),
      loginPage(base),
      pageLanguages({
        pages: ['index.html', 'login.html'],
        localesDir: fileURLToPath(new URL('./src/locales', import.meta.url)),
      }),
    ],
    build: {
      // Where build-if-changed stages a build before publishing it (scripts/build-if-changed.mjs); dist/ by hand.
      outDir: process.env.WEB_BUILD_DIR ?? 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which files each screen's chunk needs (scripts/bundle-report.ts walks it).
      manifest: true,
      // Every layout and screen is a React.lazy chunk; the entry keeps the shell (providers, router, session gate).
      // Libraries every page needs go to two long-lived vendor chunks, so a new release of the app code does not
      // make browsers download React or zod again. Mantine stays with automatic splitting: components used only
      // by one area load with that area.
      rolldownOptions: {
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          login: fileURLToPath(new URL('./login.html', import.meta.url)),
        },
        // The contract's modules only declare schemas and constants. Marked free of side effects, a chunk gets the
        // contract files it imports from and not, through the barrel, every area's schemas.
        treeshake: {
          moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
        },
        output: {
          codeSplitting: {
            groups: [
              // React alone, shared by both pages: the login page downloads it, and the SPA after it finds it cached.
              {
                name: 'vendor-react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              },
              {
                name: 'vendor-router',
                test: /node_modules[\\/]react-router[\\/]/,
              },
              {
                name: 'vendor-zod',
                test: /node_modules[\\/]zod[\\/]/,
              },
              {
                name: 'vendor-data',
                test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              },
              // The SPA's shell and each area's first screen in a few files rather than dozens
              // (build/area-chunks.ts). Dependencies stay where their own rule puts them.
              {
                name: firstScreenChunkName(),
                debugName: 'shell-and-first-screens',
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { [apiPrefix]: { target: apiTarget, changeOrigin: false } },
    },
    preview: {
      proxy: { [apiPrefix]: { target: apiTarget, changeOrigin: false } },
    },
  };
});
