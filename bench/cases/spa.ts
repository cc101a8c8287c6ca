import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { precompress } from '../baselines/precompress.js';
import type { BenchContext, CaseOutput, Check } from '../context.js';
import { BASE_PATH, httpRequest, type PortalUser } from '../portal-session.js';
import { BENCH_TMP, ROOT } from '../processes.js';

/*
 * Goal 4 (the SPA), measured in Debian's Chromium: what a first visit transfers, against a bare React 19 page built
 * by the same vite and compressed the same way (bench/baselines/bare-react, served by the bare server under /react/);
 * each area's first screen against a 250 kB budget of JavaScript; Lighthouse's mobile performance score; and the
 * headers of a hashed asset. Bytes are CDP's Network.loadingFinished encodedDataLength (what crossed the wire,
 * headers included), with `Accept-Encoding: br, gzip` as a browser on HTTPS would send it.
 */

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update'];
const LOGIN_TARGET = 1.5;
const SCREEN_BUDGET_KB = 250;
const LIGHTHOUSE_TARGET = 95;
export const BARE_REACT_DIR = join(BENCH_TMP, 'bare-react');

/**
 * Before the servers start: the portal's SPA build (built with `npm run build` when missing, i.e. whatever the
 * portal's own build does, precompression included once it has it) and the bare page, built and precompressed.
 */
export async function buildSpaBaselines(): Promise<string> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    console.error('apps/web/dist is missing: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  // vite's build sets NODE_ENV=production in this process; the bench's own config reads and children must not see it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: join(ROOT, 'bench/baselines/bare-react/vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const { by } = await precompress(BARE_REACT_DIR);
  return by;
}

interface Transfer {
  jsKb: number;
  cssKb: number;
  assets: string[];
  /** Bytes on the wire per asset, in the order they finished: what to read when a screen is over its budget. */
  sizes: { url: string; bytes: number }[];
  finalPath: string;
}

/** A first visit (fresh profile, empty cache) of `url`, optionally signed in, until the network is idle. */
async function firstVisit(browser: Browser, url: string, session?: PortalUser): Promise<Transfer> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
  try {
    if (session)
      await context.addCookies([
        {
          name: 'portal_sid',
          value: session.sessionId,
          domain: session.host,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const bytes = { js: 0, css: 0 };
    const assets: string[] = [];
    const sizes: { url: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
    cdp.on('Network.loadingFinished', (event) => {
      const resource = urls.get(event.requestId);
      if (!resource) return;
      const path = new URL(resource).pathname;
      if (/\.m?js$/.test(path)) bytes.js += event.encodedDataLength;
      else if (path.endsWith('.css')) bytes.css += event.encodedDataLength;
      else return;
      assets.push(resource);
      sizes.push({ url: path, bytes: event.encodedDataLength });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    return {
      jsKb: bytes.js / 1024,
      cssKb: bytes.css / 1024,
      assets,
      sizes,
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}

/** A page's label as part of a file name under .tmp/bench. */
const fileLabel = (label: string) =>
  label
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/-$/, '')
    .toLowerCase();

/** The metrics behind Lighthouse's performance score (ms, CLS unitless): what to read when a score is low. */
const LIGHTHOUSE_METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;

interface LighthouseRun {
  score: number;
  /** Lighthouse's whole result, written beside the bench's logs for reading the diagnostics. */
  report: unknown;
  metrics: Record<keyof typeof LIGHTHOUSE_METRICS, number>;
}

/** Lighthouse's mobile performance (default config: simulated throttling): the median run of `runs` by score. */
async function lighthouseRun(
  url: string,
  runs: number,
  headers?: Record<string, string>,
): Promise<LighthouseRun> {
  const expectedPath = new URL(url).pathname;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        onlyCategories: ['performance'],
        logLevel: 'error',
        ...(headers ? { extraHeaders: headers } : {}),
      });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError)
        throw new Error(`lighthouse ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
      // A signed-in page that fell back to the login form would score the wrong page.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (!landed.startsWith(expectedPath)) throw new Error(`lighthouse ${url} ended on ${landed}`);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        report: lhr,
        metrics: {
          FCP: metric(LIGHTHOUSE_METRICS.FCP),
          LCP: metric(LIGHTHOUSE_METRICS.LCP),
          TBT: metric(LIGHTHOUSE_METRICS.TBT),
          SI: metric(LIGHTHOUSE_METRICS.SI),
          CLS: metric(LIGHTHOUSE_METRICS.CLS),
        },
      });
    }
    results.sort((a, b) => a.score - b.score);
    const middle = results[Math.floor(results.length / 2)];
    if (!middle) throw new Error(`lighthouse ${url}: no run`);
    return middle;
  } finally {
    chrome.kill();
  }
}

/** One row of the Lighthouse table: the score and its metrics, rounded as Lighthouse's report shows them. */
function lighthouseRow(page: string, run: LighthouseRun): Record<string, unknown> {
  const { FCP, LCP, TBT, SI, CLS } = run.metrics;
  return {
    page,
    score: run.score,
    fcpMs: Math.round(FCP),
    lcpMs: Math.round(LCP),
    tbtMs: Math.round(TBT),
    siMs: Math.round(SI),
    cls: CLS.toFixed(3),
  };
}

/** content-encoding br and an immutable cache on one hashed asset, fetched as a browser would. */
async function assetHeaderChecks(origin: string, host: string, asset: string, who: string): Promise<Check[]> {
  const answer = await httpRequest(origin, {
    path: new URL(asset).pathname,
    headers: { host, 'accept-encoding': 'br, gzip' },
  });
  const encoding = String(answer.headers['content-encoding'] ?? 'none');
  const cache = String(answer.headers['cache-control'] ?? 'none');
  return [
    { name: `${who}: asset content-encoding (br)`, value: encoding, pass: encoding === 'br' },
    { name: `${who}: asset cache-control immutable`, value: cache, pass: cache.includes('immutable') },
  ];
}

export async function spaCases(
  ctx: BenchContext,
  only: Set<string>,
  lighthouseRuns: number,
): Promise<CaseOutput> {
  const out: CaseOutput = { ratios: [], checks: [], tables: [] };
  const portalUrl = (host: string, path: string) => `http://${host}:${ctx.portal.port}${BASE_PATH}${path}`;
  const bareUrl = `${ctx.bare.origin}/react/`;
  const loginUrl = portalUrl('afs.localhost', '/login');
  const myPlanUrl = portalUrl('afs.localhost', '/b2c');
  if (only.has('spa')) {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const bare = await firstVisit(browser, bareUrl);
      const login = await firstVisit(browser, loginUrl);
      out.ratios.push({
        name: 'login page first visit: JS+CSS transferred ÷ bare React page',
        portal: login.jsKb + login.cssKb,
        baseline: bare.jsKb + bare.cssKb,
        unit: 'kB',
        ratio: (login.jsKb + login.cssKb) / (bare.jsKb + bare.cssKb),
        target: { op: 'max', value: LOGIN_TARGET },
        judged: true,
      });
      const screens: [string, string, PortalUser, string][] = [
        ['client My Plan', myPlanUrl, ctx.users.client, `${BASE_PATH}/b2c`],
        ['producer New Business', portalUrl('afs.localhost', '/b2b'), ctx.users.producer, `${BASE_PATH}/b2b`],
        [
          'staff revenue index',
          portalUrl('staff.localhost', '/internal/revenues'),
          ctx.users.staff,
          `${BASE_PATH}/internal/revenues`,
        ],
      ];
      const rows: Record<string, unknown>[] = [
        {
          page: 'bare React',
          jsKb: bare.jsKb.toFixed(1),
          cssKb: bare.cssKb.toFixed(1),
          files: bare.assets.length,
        },
        {
          page: 'login',
          jsKb: login.jsKb.toFixed(1),
          cssKb: login.cssKb.toFixed(1),
          files: login.assets.length,
        },
      ];
      for (const [label, url, user, expectedPath] of screens) {
        const visit = await firstVisit(browser, url, user);
        // A redirect to the login page would measure the wrong screen.
        if (!visit.finalPath.startsWith(expectedPath))
          throw new Error(`${label}: ${url} ended on ${visit.finalPath}, not ${expectedPath}`);
        writeFileSync(
          join(BENCH_TMP, `spa-assets-${fileLabel(label)}.json`),
          JSON.stringify(visit.sizes, null, 1),
        );
        rows.push({
          page: label,
          jsKb: visit.jsKb.toFixed(1),
          cssKb: visit.cssKb.toFixed(1),
          files: visit.assets.length,
        });
        out.ratios.push({
          name: `${label} first screen: JS transferred ÷ ${SCREEN_BUDGET_KB} kB budget`,
          portal: visit.jsKb,
          baseline: SCREEN_BUDGET_KB,
          unit: 'kB',
          ratio: visit.jsKb / SCREEN_BUDGET_KB,
          target: { op: 'max', value: 1 },
          judged: true,
        });
      }
      out.tables?.push({ title: 'First visits in Chromium (transferred, Accept-Encoding: br, gzip)', rows });
      const portalAsset = login.assets.find((a) => a.includes('/assets/') && a.endsWith('.js'));
      const bareAsset = bare.assets.find((a) => a.includes('/assets/') && a.endsWith('.js'));
      if (!portalAsset || !bareAsset) throw new Error('no hashed JS asset on the login or bare page');
      // The bare page's own headers must pass, or the comparison itself is broken.
      const bareChecks = await assetHeaderChecks(ctx.bare.origin, '127.0.0.1', bareAsset, 'bare React');
      if (bareChecks.some((c) => !c.pass))
        throw new Error(`bare page headers: ${JSON.stringify(bareChecks)}`);
      out.checks.push(
        ...(await assetHeaderChecks(ctx.portal.origin, 'afs.localhost', portalAsset, 'portal')),
      );
    } finally {
      await browser.close();
    }
  }
  if (only.has('lighthouse')) {
    const bare = await lighthouseRun(bareUrl, lighthouseRuns);
    const rows = [lighthouseRow('bare React', bare)];
    const pages: [string, string, Record<string, string> | undefined][] = [
      ['login', loginUrl, undefined],
      ['client My Plan (signed in)', myPlanUrl, { Cookie: ctx.users.client.cookie }],
    ];
    for (const [label, url, headers] of pages) {
      const run = await lighthouseRun(url, lighthouseRuns, headers);
      rows.push(lighthouseRow(label, run));
      writeFileSync(join(BENCH_TMP, `lighthouse-${fileLabel(label)}.json`), JSON.stringify(run.report));
      out.ratios.push({
        name: `Lighthouse mobile performance, ${label} (absolute score; bare page beside)`,
        portal: run.score,
        baseline: bare.score,
        unit: 'score',
        ratio: run.score,
        target: { op: 'min', value: LIGHTHOUSE_TARGET },
        judged: true,
        note: `median of ${lighthouseRuns}`,
      });
    }
    out.tables?.push({
      title: 'Lighthouse mobile, the median run of each page (simulated throttling)',
      rows,
    });
  }
  return out;
}
