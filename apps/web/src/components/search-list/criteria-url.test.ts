import { clientList, newBusinessList, serviceRecordList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { criteriaQuery, parseCriteria, serializeCriteria } from './criteria-url';
import { changePage, changeSort, defaultCriteria, resetFields, submitSearch } from './search-transitions';

const nb = newBusinessList.criteria;
const params = (text: string) => new URLSearchParams(text);

describe('criteria in the URL', () => {
  it('round-trips a search: parse(serialize(c)) = c, defaults left out, arrays as repeated keys', () => {
    const criteria = nb.parse({
      page: 3,
      sizePerPage: 20,
      sortField: 'policyNo',
      sortOrder: 'desc',
      keywords: 'chan',
      stage: 'select',
      stageOptions: [2, 5],
      receivedFrom: '2026/01/01',
      receivedTo: '2026/02/01',
      includedTeam: false,
    });
    const url = serializeCriteria(nb, criteria);
    // The schema's key order: the shared paging shape (page, size, sort, keywords) first.
    expect(url.toString()).toBe(
      'page=3&sizePerPage=20&sortField=policyNo&sortOrder=desc&keywords=chan&includedTeam=false&stage=select' +
        '&stageOptions=2&stageOptions=5&receivedFrom=2026-01-01&receivedTo=2026-02-01',
    );
    expect(parseCriteria(nb, url)).toEqual(criteria);
  });

  it('gives an empty URL for the defaults, and the defaults for an empty URL', () => {
    expect(serializeCriteria(nb, defaultCriteria(nb)).toString()).toBe('');
    expect(parseCriteria(nb, params(''))).toEqual(nb.parse({}));
    const sr = serviceRecordList.criteria;
    expect(parseCriteria(sr, params('')).statusOptions).toBe('O');
    expect(serializeCriteria(sr, parseCriteria(sr, params('statusOptions=All'))).toString()).toBe(
      'statusOptions=All',
    );
  });

  it('falls back to the default of each bad field and keeps the good ones', () => {
    const parsed = parseCriteria(
      nb,
      params('page=abc&sizePerPage=1000&sortField=password&keywords=ok&stage=bogus&receivedFrom=2026/02/30'),
    );
    expect(parsed).toEqual(nb.parse({ keywords: 'ok' }));
  });

  it('drops the end of a reversed range (the field the schema blames), keeping the start', () => {
    const parsed = parseCriteria(nb, params('receivedFrom=2026-05-10&receivedTo=2026-05-01'));
    expect(parsed.receivedFrom).toBe('2026-05-10');
    expect(parsed.receivedTo).toBeUndefined();
  });

  it('never takes the selected producer from the URL (the team tree owns it)', () => {
    expect(parseCriteria(nb, params('selectedProducerId=5')).selectedProducerId).toBeUndefined();
  });

  it('reads a single value of a list criterion as a one-element list', () => {
    const parsed = parseCriteria(clientList.criteria, params('excludePolicyStatus=CAN'));
    expect(parsed.excludePolicyStatus).toEqual(['CAN']);
  });

  it('export query: criteria without page and size, arrays kept as arrays (repeated keys)', () => {
    const criteria = {
      ...nb.parse({ page: 4, stage: 'select', stageOptions: [1, 2] }),
      selectedProducerId: 7,
    };
    expect(criteriaQuery(criteria)).toEqual({
      includedTeam: true,
      stage: 'select',
      stageOptions: [1, 2],
      selectedProducerId: 7,
    });
  });
});

describe('search-list transitions (docs/producer/web-lists.md)', () => {
  const current = nb.parse({
    page: 4,
    sizePerPage: 30,
    sortField: 'stage',
    sortOrder: 'desc',
    keywords: 'a',
  });

  it('submit: page 1, size 10, no sort, fields merged', () => {
    expect(submitSearch(nb, current, { keywords: 'b', stage: 'all' })).toEqual(
      nb.parse({ keywords: 'b', stage: 'all' }),
    );
  });

  it('a page change merges without touching fields or sort; a new size starts at page 1', () => {
    expect(changePage(nb, current, { page: 5 })).toEqual({ ...current, page: 5 });
    expect(changePage(nb, current, { sizePerPage: 20 })).toEqual({ ...current, page: 1, sizePerPage: 20 });
  });

  it('a sort change merges; the same column flips, another starts ascending', () => {
    expect(changeSort(nb, current, 'stage')).toEqual({ ...current, sortOrder: 'asc' });
    const asc = changeSort(nb, current, 'policyNo');
    expect(asc).toEqual({ ...current, sortField: 'policyNo', sortOrder: 'asc' });
    expect(changeSort(nb, asc, 'policyNo').sortOrder).toBe('desc');
  });

  it('a sort field outside the allowlist changes nothing', () => {
    expect(changeSort(nb, current, 'password')).toBe(current);
  });

  it('reset restores the fields only; paging and sort stay', () => {
    const searched = { ...current, stage: 'select' as const, stageOptions: [3], includedTeam: false };
    expect(resetFields(nb, searched, ['keywords', 'stage', 'stageOptions', 'includedTeam'])).toEqual({
      ...nb.parse({}),
      page: 4,
      sizePerPage: 30,
      sortField: 'stage',
      sortOrder: 'desc',
    });
  });
});
