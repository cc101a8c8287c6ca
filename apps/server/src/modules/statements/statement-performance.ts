import type { Currency, PerformanceResponse, SiteCode } from '@portal/contract';
import { HttpError } from '../../plugins/errors.js';
import { sumAmounts } from '../../render/decimal.js';
import type { StatementPerformance, StatementPerformanceFigures } from '../../render/statement-model.js';
import { getPerformances } from '../performance/index.js';
import type { StatementsContext } from './context.js';
import type { AccountRow } from './queries.js';

function figuresOf(answer: PerformanceResponse): StatementPerformanceFigures {
  return {
    from: answer.from,
    to: answer.to,
    twr: answer.twr,
    mwr: answer.mwr,
    annualised: answer.annualised,
    startValue: answer.startValue,
    endValue: answer.endValue,
    netFlows: answer.netFlows,
    gain: answer.gain,
    benchmarkReturn: answer.benchmark?.return ?? null,
  };
}

/**
 * The performance section of a consolidated statement: the account's plans (the ones its summary lists) over the
 * statement's month and since inception, in the statement's currency, from the performance module — the figures
 * `GET /b2c/performance?partyId=…&currency=…` gives for the same ranges. The statement's access check has been
 * made; the plans are read as the account owner's. Null when none of the plans has a history.
 */
export async function statementPerformance(
  ctx: StatementsContext,
  account: AccountRow,
  siteCode: SiteCode,
  month: string,
  asOfDate: string,
  currency: Currency,
): Promise<StatementPerformance | null> {
  const answers = await getPerformances(
    { db: ctx.db, now: ctx.now },
    { kind: 'client', clientId: account.clientId, siteCode },
    { partyId: String(account.id), currency },
    [
      { from: `${month}-01`, to: asOfDate },
      { preset: 'inception', to: asOfDate },
    ],
  ).catch((error: unknown) => {
    // No plan of the account has a history (term life only): the statement simply has no performance section.
    if (error instanceof HttpError && error.statusCode === 404) return [];
    throw error;
  });
  const [period, inception] = answers;
  if (!period || !inception || inception.series.length === 0) return null;
  let contributed = inception.series[0]?.value ?? '0.00';
  const chart = inception.series.map((point, i) => {
    if (i > 0) contributed = sumAmounts([contributed, point.netFlows]);
    return { date: point.date, value: point.value, contributions: contributed };
  });
  return {
    period: figuresOf(period),
    inception: figuresOf(inception),
    benchmarkName: inception.benchmark?.name ?? period.benchmark?.name ?? null,
    chart,
  };
}
