import type { Language } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { resolveTeamScope, type TeamScope } from '../../db/team-scope.js';
import { listExportQuery, runList } from '../../lists/index.js';
import { producerIdOf } from '../producer-lists/producer-lists-fixtures.js';
import type { ServerReportDefinition } from './server-report-registry.js';

/*
 * What the report tests share: a scope as a signed-in producer would get it, every row of a report page by page
 * (checked against the export query, which must list the same rows in the same order), and exact decimal arithmetic
 * to recompute printed figures without floats.
 */

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The scope of `callerCode` looking at `selectedCode` (default: themself), with or without the team. */
export async function scopeOf(
  db: Db,
  callerCode: string,
  options: { selected?: string; includedTeam?: boolean } = {},
): Promise<TeamScope> {
  const producerId = await producerIdOf(db, callerCode);
  return resolveTeamScope(
    db,
    { userId: 0, producerId, siteCode: 'afs' },
    {
      selectedProducerId: options.selected ? await producerIdOf(db, options.selected) : undefined,
      includedTeam: options.includedTeam,
    },
  );
}

/** Every item of a report for these criteria (30 a page), equal to what its export query streams. */
export async function reportItems<T = Record<string, unknown>>(
  db: Db,
  report: ServerReportDefinition,
  scope: TeamScope,
  criteria: Record<string, unknown>,
  language: Language = 'en',
): Promise<T[]> {
  const contract = report.contract as unknown as { type: number; criteria: { parse(v: unknown): never } };
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page < 500; page++) {
    const parsed = contract.criteria.parse({ reportType: contract.type, ...criteria, page, sizePerPage: 30 });
    const result = await runList(db, report, scope, parsed, language);
    items.push(...result.items);
    if (result.items.length < 30) {
      expect(items.length).toBe(result.totalSize);
      const all = contract.criteria.parse({ reportType: contract.type, ...criteria });
      const exported = await rowsOf<Record<string, unknown>>(
        db,
        listExportQuery(report, scope, all, language),
      );
      expect(exported.map((row) => report.toItem(row, language))).toEqual(items);
      return items as T[];
    }
  }
  throw new Error('too many pages');
}

/** A decimal string as an integer of 10^-scale units (exact; the string has at most `scale` decimals). */
export function scaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0')));
}

/** Integer division rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  return sign * ((2n * n + d) / (2n * d));
}

export const cents = (value: string) => scaled(value, 2);
export const sumCents = (values: string[]) => values.reduce((total, v) => total + cents(v), 0n);
