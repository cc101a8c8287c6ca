import { describe, expect, it } from 'vitest';
import type { TeamScope } from '../../db/team-scope.js';
import { FormValidationError } from '../../plugins/errors.js';
import { refuseShortKeywordsForLargeTeam } from './search-list.js';

const scope = (small: boolean | undefined): TeamScope => ({
  caller: { userId: 1, producerId: 1, siteCode: 'afs' },
  producerId: 1,
  includedTeam: true,
  viewingOther: false,
  ...(small === undefined ? {} : { small }),
});

describe('short keywords across a large team', () => {
  it('refuses one or two characters on the keyword fields used, for a large team only', () => {
    const refused = (() => {
      try {
        refuseShortKeywordsForLargeTeam(scope(false), { keywords: 'Ho', fundKeywords: 'AB' });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(FormValidationError);
    expect(Object.keys((refused as FormValidationError).fields).sort()).toEqual(['fundKeywords', 'keywords']);
    expect(() => refuseShortKeywordsForLargeTeam(scope(false), { keywords: 'Hon' })).not.toThrow();
    expect(() => refuseShortKeywordsForLargeTeam(scope(true), { keywords: 'H' })).not.toThrow();
    expect(() => refuseShortKeywordsForLargeTeam(scope(undefined), { keywords: 'H' })).not.toThrow();
  });
});
