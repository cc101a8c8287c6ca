import { birthdayReport, type ReportToday, reportToday } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { clients, policies, producers } from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { defineServerList } from '../../../../lists/index.js';
import { toId, toText } from '../../../../lists/row-values.js';
import { allOf, statusNotExcluded } from '../../shared/plan-report-filters.js';

type BirthdayRow = {
  clientId: unknown;
  dateOfBirth: string;
  clientName: string;
  clientNo: string;
  phone: string | null;
  email: string | null;
  consultant: string | null;
};

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The birthday a report row announces: in the year the birth month next comes round (this year for this month or
 * a later one, next year for an earlier one — December's report of January birthdays is about next January), and
 * the age turned on it. A 29 February birthday falls on 28 February in a common year: the day stays in the month the
 * report lists it under, so the card is not late.
 */
export function upcomingBirthday(dateOfBirth: string, today: ReportToday): { birthday: string; age: number } {
  const [born, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const year = month >= today.month ? today.year : today.year + 1;
  const dayInYear = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { birthday: `${year}-${pad(month)}-${pad(dayInYear)}`, age: year - born };
}

/**
 * Birthday (type 6): the clients owning at least one plan of the scope (of a status not excluded) born in the month,
 * in day order. The month is a range of the stored month-and-day (clients_birth_month_day_idx), so a month's
 * birthdays are read in day order from the index and each is checked against the scope through policies_owner_idx.
 * Companies have no birth date and never appear. The consultant is the one who looks after the client.
 */
export const birthdayServerReport = defineServerList({
  contract: birthdayReport,
  columns: {
    clientId: clients.id,
    dateOfBirth: sql`${clients.birthDate}::text`,
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    phone: sql`${clients.phones}[1]`,
    email: sql`${clients.emails}[1]`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    const month = criteria.month;
    return {
      from: sql`${clients}`,
      lookups: sql`left join ${producers} on ${producers.id} = ${clients.servicingProducerId}`,
      where: [
        month === undefined
          ? sql`${clients.birthMonthDay} is not null`
          : sql`${clients.birthMonthDay} between ${month * 100 + 1} and ${month * 100 + 31}`,
        sql`exists (select 1 from ${policies} where ${allOf([
          sql`${policies.ownerClientId} = ${clients.id}`,
          producerFilter(scope, policies.servicingProducerId),
          statusNotExcluded(criteria.excludeStatus),
        ])})`,
      ],
    };
  },
  sortExpressions: {
    birthDay: clients.birthMonthDay,
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    dateOfBirth: clients.birthDate,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['birthDay', 'clientName', 'clientNo', 'dateOfBirth'],
  idColumn: clients.id,
  toItem: (row: BirthdayRow) => {
    const dateOfBirth = toText(row.dateOfBirth);
    return {
      clientId: toId(row.clientId),
      birthDay: Number(dateOfBirth.slice(8, 10)),
      dateOfBirth,
      ...upcomingBirthday(dateOfBirth, reportToday(new Date())),
      clientName: toText(row.clientName),
      clientNo: toText(row.clientNo),
      phone: toText(row.phone),
      email: toText(row.email),
      consultant: toText(row.consultant),
    };
  },
});
