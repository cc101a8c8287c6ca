import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LANGUAGES } from '@portal/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { parseAst } from 'rolldown/parseAst';

/**
 * The SPA's routes, read from the source of its route table (apps/web/src/app/AppRoutes.tsx) rather than copied
 * here: a route added there is a route the accessibility coverage check (route-coverage.spec.ts) asks a visit for.
 *
 * A route is named by its pattern under the base path and without the locale prefix: '/login', '/b2b/clients',
 * '/internal/revenues/:id/payin', '/b2c/*' (an area's Page Not Found); an index route by its parent's path ('/b2b').
 * Only routes that render something of their own count (leaves); layouts are visited through them.
 */

const ROUTE_SOURCE = resolve(import.meta.dirname, '../../apps/web/src/app/AppRoutes.tsx');
const BASE_PATH = '/angel/face';

export interface RouteLeaf {
  pattern: string;
  /** The component the route renders (its innermost element), e.g. 'Navigate', 'client.MyPlan'. */
  element: string;
}

interface ParsedRoute {
  path?: string;
  index: boolean;
  element: string;
  children: ParsedRoute[];
}

// The parser's tree is walked generically: only the JSX node kinds below matter.
type AstNode = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

function jsxName(name: AstNode): string {
  if (name.type === 'JSXIdentifier') return String(name.name);
  if (name.type === 'JSXMemberExpression')
    return `${jsxName(name.object as AstNode)}.${jsxName(name.property as AstNode)}`;
  return '?';
}

/** The innermost component of an element expression: <AreaGuard><ClientLayout /></AreaGuard> → 'ClientLayout'. */
function innermostElement(node: AstNode): string {
  const children = ((node.children as unknown[]) ?? []).filter(
    (child): child is AstNode => isNode(child) && child.type === 'JSXElement',
  );
  const [only] = children;
  if (children.length === 1 && only) return innermostElement(only);
  return jsxName((node.openingElement as AstNode).name as AstNode);
}

function routeOf(element: AstNode): ParsedRoute {
  const attributes = (element.openingElement as AstNode).attributes as AstNode[];
  const route: ParsedRoute = { index: false, element: '', children: routesIn(element.children as unknown[]) };
  for (const attribute of attributes) {
    if (attribute.type !== 'JSXAttribute') continue;
    const name = jsxName(attribute.name as AstNode);
    const value = attribute.value as AstNode | null;
    if (name === 'index') route.index = true;
    if (name === 'path' && value?.type === 'Literal') route.path = String(value.value);
    if (name === 'element' && value?.type === 'JSXExpressionContainer')
      route.element = innermostElement(value.expression as AstNode);
  }
  return route;
}

/** Every <Route> among JSX children, through fragments and conditions ({allowed && <Route …/>}). */
function routesIn(nodes: unknown[]): ParsedRoute[] {
  return nodes.flatMap((node): ParsedRoute[] => {
    if (!isNode(node)) return [];
    if (node.type === 'JSXElement' && jsxName((node.openingElement as AstNode).name as AstNode) === 'Route')
      return [routeOf(node)];
    if (node.type === 'JSXFragment') return routesIn(node.children as unknown[]);
    if (node.type === 'JSXExpressionContainer') return routesIn([node.expression]);
    if (node.type === 'LogicalExpression') return routesIn([node.right]);
    if (node.type === 'ConditionalExpression') return routesIn([node.consequent, node.alternate]);
    if (node.type === 'ParenthesizedExpression') return routesIn([node.expression]);
    return [];
  });
}

/** The `const routes = (…)` declaration: the table AppRoutes mounts under '/' and under each locale. */
function findRoutesDeclaration(node: unknown): AstNode | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findRoutesDeclaration(item);
      if (found) return found;
    }
    return null;
  }
  if (!isNode(node)) return null;
  if (node.type === 'VariableDeclarator' && (node.id as AstNode).name === 'routes')
    return node.init as AstNode;
  for (const value of Object.values(node)) {
    if (typeof value === 'object') {
      const found = findRoutesDeclaration(value);
      if (found) return found;
    }
  }
  return null;
}

function parseRouteTable(): ParsedRoute[] {
  const program = parseAst(readFileSync(ROUTE_SOURCE, 'utf8'), { lang: 'tsx' });
  const table = findRoutesDeclaration(program.body);
  if (!table) throw new Error(`no 'const routes = (…)' route table in ${ROUTE_SOURCE}`);
  return routesIn([table]);
}

const join = (parent: string, path?: string) =>
  path === undefined ? parent : `${parent.replace(/\/$/, '')}/${path}`;

/** react-router route objects whose ids are the patterns, so matchRoutes names the route it picked. */
function toRouteObjects(routes: ParsedRoute[], parent: string): RouteObject[] {
  return routes.map((route) => {
    const pattern = join(parent, route.path);
    if (route.children.length === 0)
      return route.index ? { index: true, id: pattern } : { path: route.path, id: pattern };
    return { path: route.path, id: `${pattern} (layout)`, children: toRouteObjects(route.children, pattern) };
  });
}

function build() {
  const leaves: RouteLeaf[] = [];
  const parsed = parseRouteTable();
  const collect = (routes: ParsedRoute[], parent: string) => {
    for (const route of routes) {
      const pattern = join(parent, route.path);
      if (route.children.length === 0) leaves.push({ pattern, element: route.element });
      else collect(route.children, pattern);
    }
  };
  collect(parsed, '/');
  const objects = toRouteObjects(parsed, '/');
  const root: RouteObject[] = [{ path: '/', children: objects }];
  return { leaves, objects: root };
}

let table: ReturnType<typeof build> | undefined;
const routeTable = () => {
  table ??= build();
  return table;
};

/** Every route that renders a screen of its own, in the order of AppRoutes.tsx. */
export function routeLeaves(): RouteLeaf[] {
  return routeTable().leaves;
}

/**
 * The route pattern an address shows, as the SPA's router would pick it (react-router's own ranking), or null for
 * an address outside the SPA (about:blank, a statement document).
 */
export function routePatternOf(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(BASE_PATH)) return null;
  pathname = pathname.slice(BASE_PATH.length) || '/';
  const locale = pathname.split('/')[1] ?? '';
  if ((LANGUAGES as readonly string[]).includes(locale)) pathname = pathname.slice(locale.length + 1) || '/';
  const matches = matchRoutes(routeTable().objects, pathname);
  const last = matches?.at(-1)?.route.id;
  return last && !last.endsWith('(layout)') ? last : null;
}
