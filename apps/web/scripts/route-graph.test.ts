import { describe, expect, it } from 'vitest';
import { filesFromPackages, type Manifest, packageOf, routeGraph } from './route-graph';

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
