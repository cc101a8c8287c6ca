import {
  type Language,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
  textIn,
} from '@portal/contract';
import { type NoticeParams, wordNotice } from '../../notifications/index.js';
import type { FeedRow } from './queries.js';

const known: ReadonlySet<string> = new Set(NOTIFICATION_TYPES);

/** The wire id of a feed row: `n12` (the centre's row) or `m7` (a firm notice). */
export const wireId = (row: Pick<FeedRow, 'source' | 'id'>) => `${row.source}${row.id}`;

/** Splits wire ids by their table; the contract's pattern has checked them already. */
export function splitWireIds(ids: readonly string[]): { n: number[]; m: number[] } {
  const split = { n: [] as number[], m: [] as number[] };
  for (const id of ids) split[id[0] === 'm' ? 'm' : 'n'].push(Number(id.slice(1)));
  return split;
}

/** A row as the centre shows it, worded in the reader's language when read (a language change words it anew). */
export function toNotification(row: FeedRow, language: Language): Notification {
  const type = (known.has(row.type) ? row.type : 'firm_notice') as NotificationType;
  const title =
    row.source === 'm' && row.title
      ? textIn(row.title, language)
      : wordNotice(type, language, { siteName: '', login: '', at: '', ...row.params } as NoticeParams).title;
  return {
    id: wireId(row),
    type,
    at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    title,
    link: row.link,
  };
}
