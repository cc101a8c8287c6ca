import { describe, expect, it } from 'vitest';
import { parseCriteria, serializeCriteria } from '../../../components/search-list/criteria-url';
import { changeSort, submitSearch } from '../../../components/search-list/search-transitions';
import { TEST_REPORT_DEFINITIONS as definitions } from '../test/report-fixtures';
import {
  formForType,
  missingRequired,
  REPORT_FORM_TEMPLATE,
  reportSearchSchema,
  runFields,
  withFormDefaults,
} from './report-search';

const december = { year: 2026, month: 12 };
const schema = reportSearchSchema(definitions);
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
    expect(withFormDefaults(criteria, definitions, december)).toMatchObject({
      expiryFromYear: 2026,
      expiryFromMonth: 12,
      expiryToYear: 2026,
      expiryToMonth: 12,
    });
    // A value the URL gives is kept.
    expect(
      withFormDefaults(parseCriteria(schema, params('reportType=6&month=4')), definitions, december).month,
    ).toBe(4);
    // A default of a filter the report does not read is not added (type 1 has no month).
    expect(withFormDefaults(parseCriteria(schema, params('reportType=1')), definitions, december).month).toBe(
      undefined,
    );
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
    const values = {
      ...formForType(6, definitions[6], december, true),
      status: 'LAP',
      productType: 'FD',
    };
    const next = submitSearch(schema, current, runFields(values, definitions[6] as never));
    expect(serializeCriteria(schema, next).toString()).toBe('reportType=6&productType=FD&month=1');
  });

  it('the form of a new type holds its defaults and nothing else', () => {
    expect(formForType(2, definitions[2], december, false)).toEqual({
      ...REPORT_FORM_TEMPLATE,
      reportType: '2',
      dateType: 'APPL',
      includedTeam: false,
    });
  });

  it('a required filter is missing only when empty and without a default', () => {
    const type2 = definitions[2] as never;
    expect(missingRequired(formForType(2, definitions[2], december, true), type2, december)).toEqual([
      'dateFrom',
    ]);
    const birthday = definitions[6] as never;
    expect(
      missingRequired({ ...formForType(6, definitions[6], december, true), month: '' }, birthday, december),
    ).toEqual([]);
  });
});
