import { creditCardExpiryReport, maskedCardNumber } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { hongKongTodaySql, nextPremiumDueSql, paysPremiums } from '../../../../db/premium-payers.js';
import { clients, paymentCards, policies, producers } from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { defineServerList } from '../../../../lists/index.js';
import { toDecimal, toId, toNullableText, toText } from '../../../../lists/row-values.js';

type CardRow = {
  cardId: unknown;
  policyId: unknown;
  policyNo: string;
  ownerName: string;
  phone: string | null;
  cardBrand: string;
  last4: string;
  expiryMonth: string;
  nextPremiumDue: string | null;
  modalPremium: unknown;
  currency: string;
  consultant: string;
};

/** First day of a (year, month) of the validated criteria, as a date literal. */
function monthStartSql(year: number, month: number): SQL {
  return sql`${`${year}-${String(month).padStart(2, '0')}-01`}::date`;
}

const nextPremiumDue = nextPremiumDueSql('policies');

/**
 * Report 8 (docs/reports.md), credit card expiry: the active card of each plan of the scope still paying premiums whose
 * expiry month is in the range, both ends inclusive, across year ends (the months are compared as first days).
 * A card replaced by a newer one is history and never listed. Driven by the partial index of active cards by expiry
 * month; each card's plan is then read by primary key and checked against the team.
 */
export const creditCardExpiryServerReport = defineServerList({
  contract: creditCardExpiryReport,
  columns: {
    cardId: paymentCards.id,
    policyId: policies.id,
    policyNo: policies.planNo,
    ownerName: clients.fullName,
    phone: sql`${clients.phones}[1]`,
    cardBrand: paymentCards.brand,
    last4: paymentCards.last4,
    expiryMonth: sql`to_char(${paymentCards.expiresMonth}, 'YYYY-MM')`,
    nextPremiumDue: sql`${nextPremiumDue}::text`,
    modalPremium: sql`${policies.modalPremium}::text`,
    currency: policies.currency,
    consultant: producers.name,
  },
  source(scope, criteria) {
    const { expiryFromYear: fy, expiryFromMonth: fm, expiryToYear: ty, expiryToMonth: tm } = criteria;
    return {
      from: sql`${paymentCards} join ${policies} on ${policies.id} = ${paymentCards.policyId}`,
      lookups: sql`left join ${clients} on ${clients.id} = ${policies.ownerClientId}
        left join ${producers} on ${producers.id} = ${policies.servicingProducerId}`,
      where: [
        sql`${paymentCards.isActive}`,
        producerFilter(scope, policies.servicingProducerId),
        paysPremiums('policies', hongKongTodaySql),
        // A year without a month covers the whole year (the form always sends both).
        fy !== undefined ? sql`${paymentCards.expiresMonth} >= ${monthStartSql(fy, fm ?? 1)}` : undefined,
        ty !== undefined ? sql`${paymentCards.expiresMonth} <= ${monthStartSql(ty, tm ?? 12)}` : undefined,
      ],
    };
  },
  sortExpressions: {
    expiry: paymentCards.expiresMonth,
    policyNo: policies.planNo,
    ownerName: clients.fullName,
    nextPremiumDue,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['expiry', 'policyNo', 'nextPremiumDue'],
  idColumn: paymentCards.id,
  toItem: (row: CardRow) => ({
    cardId: toId(row.cardId),
    policyId: toId(row.policyId),
    policyNo: toText(row.policyNo),
    ownerName: toText(row.ownerName),
    phone: toText(row.phone),
    cardBrand: toText(row.cardBrand),
    maskedCardNumber: maskedCardNumber(row.cardBrand, row.last4),
    expiryMonth: row.expiryMonth,
    expiry: row.expiryMonth.replace('-', '/'),
    nextPremiumDue: toNullableText(row.nextPremiumDue),
    modalPremium: toDecimal(row.modalPremium),
    currency: toText(row.currency),
    consultant: toText(row.consultant),
  }),
});
