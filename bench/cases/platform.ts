import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/client.js';
import type { BenchCase } from '../harness.js';

export interface BenchContext {
  app: FastifyInstance;
  db: Db;
  /** Cookie of a signed-in demo producer (partner1, afs). */
  producerCookie: string;
}

const url = (path: string) => `/angel/face/en/api${path}`;

async function expectOk(response: { statusCode: number }, what: string) {
  if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}`);
}

/** Every page load: /me and /site_info. Team scope: the query every producer list is built on. */
export function platformCases(ctx: BenchContext): BenchCase[] {
  return [
    {
      name: 'GET /site_info',
      targetP95Ms: 5,
      runs: 2000,
      run: async () =>
        expectOk(
          await ctx.app.inject({ url: url('/site_info'), headers: { host: 'afs.localhost' } }),
          'site_info',
        ),
    },
    {
      name: 'GET /me (signed-in producer)',
      targetP95Ms: 10,
      runs: 2000,
      run: async () =>
        expectOk(
          await ctx.app.inject({
            url: url('/me'),
            headers: { host: 'afs.localhost', cookie: ctx.producerCookie },
          }),
          'me',
        ),
    },
    {
      name: 'GET /me (visitor without a cookie, one address)',
      targetP95Ms: 5,
      runs: 2000,
      // All from one address, as behind an office NAT: a visitor costs no session row, so nothing caps them (018).
      run: async () => {
        const response = await ctx.app.inject({
          url: url('/me'),
          headers: { host: 'afs.localhost' },
          remoteAddress: '203.0.113.9',
        });
        expectOk(response, 'me');
        if (response.cookies.some((c) => c.name === 'portal_sid')) throw new Error('a visitor got a session');
      },
    },
    {
      name: 'team scope: in-progress applications of a partner team',
      targetP95Ms: 10,
      runs: 500,
      run: () =>
        ctx.db.execute(sql`
          select count(*) from applications a
          join producer_tree t on t.descendant_id = a.producer_id
          join producers p on p.id = t.ancestor_id
          where p.site_code = 'afs' and upper(p.code) = upper('A1001') and a.stage between 1 and 6`),
    },
  ];
}
