import { describe, expect, it } from 'vitest';
import {
  areaKeys,
  filesFromPackages,
  type Manifest,
  packageOf,
  routeGraph,
  unstyledComponents,
} from './route-graph';

/** A manifest shaped like Vite's: an entry with a shared vendor chunk, two lazy screens, a later dynamic import. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/Login.tsx', 'src/Plan.tsx'],
    css: ['assets/index-a.css'],
  },
  '_vendor.js': { file: 'assets/vendor-b.js' },
  '_button.js': { file: 'assets/button-c.js', imports: ['_vendor.js'], css: ['assets/button-c.css'] },
  'src/Login.tsx': { file: 'assets/Login-d.js', isDynamicEntry: true, imports: ['_button.js', '_vendor.js'] },
  'src/Plan.tsx': {
    file: 'assets/Plan-e.js',
    isDynamicEntry: true,
    imports: ['_button.js', '_chart.js'],
    dynamicImports: ['src/Later.tsx'],
  },
  '_chart.js': { file: 'assets/chart-f.js', imports: ['_vendor.js'] },
  'src/Later.tsx': { file: 'assets/Later-g.js', isDynamicEntry: true },
};

describe('routeGraph', () => {
  it('takes the entry, each lazy root and their static imports once, without the other screens', () => {
    expect(routeGraph(manifest, ['src/Login.tsx'])).toEqual({
      js: ['assets/index-a.js', 'assets/vendor-b.js', 'assets/Login-d.js', 'assets/button-c.js'],
      css: ['assets/index-a.css', 'assets/button-c.css'],
    });
  });

  it('does not follow dynamic imports, which load later if at all', () => {
    const { js } = routeGraph(manifest, ['src/Plan.tsx']);
    expect(js).toContain('assets/chart-f.js');
    expect(js).not.toContain('assets/Later-g.js');
    expect(js).not.toContain('assets/Login-d.js');
  });

  it('fails on a root the build does not have, so a renamed screen is not measured as empty', () => {
    expect(() => routeGraph(manifest, ['src/Gone.tsx'])).toThrow('src/Gone.tsx');
  });

  it('finds a root the build grouped into a named chunk through the modules of each file', () => {
    const grouped: Manifest = {
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor-b.js' },
      '_first-client.js': {
        file: 'assets/first-client-h.js',
        imports: ['_vendor.js'],
        css: ['assets/fc.css'],
      },
    };
    const modulesByFile = { 'assets/first-client-h.js': ['src/Layout.tsx', 'src/Plan.tsx'] };
    expect(routeGraph(grouped, ['src/Plan.tsx'], [], 'index.html', modulesByFile)).toEqual({
      js: ['assets/index-a.js', 'assets/vendor-b.js', 'assets/first-client-h.js'],
      css: ['assets/fc.css'],
    });
    expect(() => routeGraph(grouped, ['src/Gone.tsx'], [], 'index.html', modulesByFile)).toThrow(
      'src/Gone.tsx',
    );
  });

  it('takes optional roots when the build has them and skips them otherwise', () => {
    expect(routeGraph(manifest, [], ['src/Later.tsx', 'src/Gone.tsx']).js).toEqual([
      'assets/index-a.js',
      'assets/vendor-b.js',
      'assets/Later-g.js',
    ]);
  });
});

describe('packages in chunks', () => {
  it('names scoped and plain packages, nested node_modules included, and not the app sources', () => {
    expect(packageOf('../../node_modules/recharts/es6/index.js')).toBe('recharts');
    expect(packageOf('../../node_modules/@mantine/charts/esm/index.mjs')).toBe('@mantine/charts');
    expect(packageOf('../../node_modules/a/node_modules/d3-shape/src/pie.js')).toBe('d3-shape');
    expect(packageOf('src/components/charts/SvgDonut.tsx')).toBeUndefined();
  });

  it('lists the files of a graph that hold a matching package', () => {
    const chunkModules = {
      'assets/Plan-e.js': ['src/Plan.tsx'],
      'assets/chart-f.js': [
        '../../node_modules/recharts/es6/index.js',
        '../../node_modules/d3-path/src/path.js',
      ],
    };
    const found = filesFromPackages(
      chunkModules,
      ['assets/Plan-e.js', 'assets/chart-f.js'],
      /^(recharts|d3-.*)$/,
    );
    expect([...found]).toEqual([['assets/chart-f.js', ['d3-path', 'recharts']]]);
  });
});

describe('a page with its own entry', () => {
  it('starts from that page instead of index.html', () => {
    const pages: Manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_router.js'] },
      '_router.js': { file: 'assets/router.js' },
      'login.html': { file: 'assets/login.js', imports: ['_react.js'], css: ['assets/login.css'] },
      '_react.js': { file: 'assets/react.js' },
      'src/locales/en/public.json': { file: 'assets/public.js' },
    };
    expect(routeGraph(pages, ['src/locales/en/public.json'], [], 'login.html')).toEqual({
      js: ['assets/login.js', 'assets/react.js', 'assets/public.js'],
      css: ['assets/login.css'],
    });
  });
});

describe('area styles', () => {
  const areaManifest: Manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_base.js'], css: ['assets/index.css'] },
    '_base.js': { file: 'assets/base.js' },
    'src/app/layouts/ClientLayout.tsx': {
      file: 'assets/ClientLayout.js',
      imports: ['_base.js'],
      css: ['assets/ClientLayout.css'],
      dynamicImports: ['src/features/client/screens/MyPlanScreen.tsx', 'src/components/Viewer.tsx'],
    },
    'src/features/client/screens/MyPlanScreen.tsx': { file: 'assets/MyPlan.js', imports: ['_tabs.js'] },
    '_tabs.js': { file: 'assets/tabs.js' },
    'src/components/Viewer.tsx': {
      file: 'assets/Viewer.js',
      dynamicImports: ['src/app/layouts/ProducerLayout.tsx'],
    },
    'src/app/layouts/ProducerLayout.tsx': { file: 'assets/ProducerLayout.js' },
    'src/locales/en/client.json': { file: 'assets/client.js' },
  };
  const client = { name: 'client', roots: /^src\/(app\/layouts\/ClientLayout|features\/client\/screens\/)/ };

  it("takes the entry, the area's layout and screens, and the dialogs they open, but not another area", () => {
    expect([...areaKeys(areaManifest, client)].sort()).toEqual([
      '_base.js',
      '_tabs.js',
      'index.html',
      'src/app/layouts/ClientLayout.tsx',
      'src/components/Viewer.tsx',
      'src/features/client/screens/MyPlanScreen.tsx',
    ]);
  });

  const mantine = (path: string) => `../../node_modules/@mantine/core/${path}`;
  const stylesheets = new Set(['Tabs', 'Table', 'Accordion', 'CheckboxIndicator', 'Checkbox']);

  it('names a drawn component whose stylesheet no file of the area has', () => {
    const chunkModules = {
      'assets/tabs.js': [mantine('esm/components/Tabs/Tabs.mjs'), mantine('esm/components/Table/Table.mjs')],
      'assets/ClientLayout.css': [mantine('styles/Table.css')],
    };
    expect(
      unstyledComponents(chunkModules, ['assets/tabs.js', 'assets/ClientLayout.css'], stylesheets),
    ).toEqual(['Tabs']);
  });

  it('counts parts with a stylesheet of their own, not helpers, and the whole styles.css as every sheet', () => {
    const chunkModules = {
      'assets/a.js': [
        mantine('esm/components/Checkbox/CheckboxIndicator/CheckboxIndicator.mjs'),
        mantine('esm/components/Accordion/AccordionChevron.mjs'),
        'src/components/Tabs/Tabs.mjs',
      ],
    };
    expect(unstyledComponents(chunkModules, ['assets/a.js'], stylesheets)).toEqual(['CheckboxIndicator']);
    const withAll = { ...chunkModules, 'assets/index.css': [mantine('styles.css')] };
    expect(unstyledComponents(withAll, ['assets/a.js', 'assets/index.css'], stylesheets)).toEqual([]);
  });
});
