import { REPORT_DEFINITIONS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { parseCriteria, serializeCriteria } from '../../../components/search-list/criteria-url';
import { changeSort, submitSearch } from '../../../components/search-list/search-transitions';
import { aCardExpiryRow } from '../test/report-fixtures';
import {
  formForType,
  missingRequired,
  REPORT_FORM_TEMPLATE,
  reportResponseSchema,
  reportSearchSchema,
  runFields,
  withFormDefaults,
} from './report-search';

const december = { year: 2026, month: 12 };
const schema = reportSearchSchema();
const params = (text: string) => new URLSearchParams(text);

describe('report criteria on the screen', () => {
  it('no report in the URL: nothing chosen, an empty URL again', () => {
    const criteria = parseCriteria(schema, params(''));
    expect(criteria.reportType).toBeUndefined();
    expect(serializeCriteria(schema, criteria).toString()).toBe('');
  });

  it('leaves defaults out of the URL and the request (the server fills them); the form shows them filled', () => {
    const criteria = parseCriteria(schema, params('reportType=8'));
    expect(criteria.expiryFromYear).toBeUndefined();
    expect(serializeCriteria(schema, criteria).toString()).toBe('reportType=8');
    expect(withFormDefaults(criteria, december)).toMatchObject({
      expiryFromYear: 2026,
      expiryFromMonth: 12,
      expiryToYear: 2026,
      expiryToMonth: 12,
    });
    // A value the URL gives is kept.
    expect(withFormDefaults(parseCriteria(schema, params('reportType=6&month=4')), december).month).toBe(4);
    // A default of a filter the report does not read is not added (type 1 has no month).
    expect(withFormDefaults(parseCriteria(schema, params('reportType=1')), december).month).toBe(undefined);
  });

  it("accepts only the chosen report's sort fields", () => {
    expect(parseCriteria(schema, params('reportType=1&sortField=statusChangedOn')).sortField).toBe(
      'statusChangedOn',
    );
    expect(parseCriteria(schema, params('reportType=6&sortField=statusChangedOn')).sortField).toBeUndefined();
    const current = parseCriteria(schema, params('reportType=6'));
    expect(changeSort(schema, current, 'password')).toBe(current);
    expect(changeSort(schema, current, 'dateOfBirth').sortField).toBe('dateOfBirth');
  });

  it('drops a bad field from the URL and keeps the rest (a reversed expiry range loses its end year)', () => {
    const criteria = parseCriteria(
      schema,
      params(
        'reportType=8&expiryFromYear=2028&expiryFromMonth=1&expiryToYear=2027&expiryToMonth=1&status=NOPE',
      ),
    );
    expect(criteria).toMatchObject({
      reportType: 8,
      expiryFromYear: 2028,
      expiryFromMonth: 1,
      expiryToMonth: 1,
    });
    expect(criteria.expiryToYear).toBeUndefined();
    expect(criteria.status).toBeUndefined();
  });

  it('Run submits the new report with only its own filters; the old report’s fields and sort are gone', () => {
    const current = parseCriteria(
      schema,
      params('reportType=1&status=LAP&productType=IL&sortField=policyNo&sortOrder=asc&page=3'),
    );
    // Report 6 reads the month and the statuses to exclude, not the status or the product type.
    const values = {
      ...formForType(6, december, true),
      status: 'LAP',
      productType: 'FD',
      excludeStatus: ['CAN'],
    };
    const next = submitSearch(schema, current, runFields(values, REPORT_DEFINITIONS[6]));
    expect(serializeCriteria(schema, next).toString()).toBe('reportType=6&excludeStatus=CAN&month=1');
  });

  it('the form of a new type holds its defaults and nothing else', () => {
    expect(formForType(2, december, false)).toEqual({
      ...REPORT_FORM_TEMPLATE,
      reportType: '2',
      dateType: 'APPL',
      includedTeam: false,
    });
    expect(formForType(1, december, true)).toEqual({ ...REPORT_FORM_TEMPLATE, reportType: '1' });
  });

  it('a required filter is missing only when empty and without a default', () => {
    // Report 13 requires its date basis and both dates; the basis defaults to APPL.
    expect(missingRequired(formForType(13, december, true), REPORT_DEFINITIONS[13], december)).toEqual([
      'dateFrom',
      'dateTo',
    ]);
    expect(
      missingRequired(
        { ...formForType(13, december, true), dateFrom: '2026-01-01', dateTo: '2026-03-31' },
        REPORT_DEFINITIONS[13],
        december,
      ),
    ).toEqual([]);
    expect(
      missingRequired({ ...formForType(6, december, true), month: '' }, REPORT_DEFINITIONS[6], december),
    ).toEqual([]);
    expect(missingRequired(formForType(2, december, true), REPORT_DEFINITIONS[2], december)).toEqual([]);
  });

  it("reads an answer with the named report's own schema", () => {
    const page = { items: [aCardExpiryRow()], totalSize: 1, totalIsLowerBound: false };
    expect(reportResponseSchema({ reportType: 8 }).parse(page).items[0]).toMatchObject({ expiry: '2027/03' });
    expect(reportResponseSchema({ reportType: 1 }).safeParse(page).success).toBe(false);
    expect(() => reportResponseSchema({})).toThrow();
  });
});
