import { readFileSync } from 'node:fs';

/**
 * `tsx bench/pdf/profile-summary.ts <file.cpuprofile>`: self time of a V8 CPU profile grouped by package (the
 * `node_modules/<name>` or source folder a function lives in), the top functions by self time, and the inclusive
 * time of the functions named after the file (e.g. `layoutDocument encode`), to see where PDF time goes.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const groupOf = (url: string) => {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] as string;
  const src = url.match(/apps\/server\/src\/([^/]+\/[^/]+)/);
  if (src) return src[1] as string;
  return url === '' ? '(native/gc/idle)' : url.replace(/^.*\//, '');
};
const groups = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
for (const [id, us] of self) {
  const node = byId.get(id) as ProfileNode;
  const group = groupOf(node.callFrame.url);
  groups.set(group, (groups.get(group) ?? 0) + us);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${group}:${node.callFrame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
  total += us;
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: `${((us / total) * 100).toFixed(1)}%` }));
console.log(`total ${Math.round(total / 1000)} ms`);
console.table(top(groups, 15));
console.table(top(functions, 25));

const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = (byId.get(at) as ProfileNode).callFrame.functionName;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
const wanted = process.argv.slice(3);
if (wanted.length > 0) {
  console.table(
    wanted.map((name) => ({
      name,
      ms: Math.round((inclusive.get(name) ?? 0) / 1000),
      share: `${(((inclusive.get(name) ?? 0) / total) * 100).toFixed(1)}%`,
    })),
  );
}
