import { describe, expect, test } from 'vitest';
import { formDocumentParamsSchema, planIdParamsSchema } from './client-area.js';
import { parsePartyIds, partyIdParamsSchema, partyIdsSchema, statementIdParamsSchema } from './statements.js';

/*
 * Found by the endpoint fuzz tests (docs/security/fuzzing.md): these path ids used z.coerce.number(), which reads
 * "1e1" as 10, "0x1", "+1", "01", "1.0" and " 1" as 1; and party_ids accepted "2,0", then dropped the 0.
 */
const NOT_AN_ID = ['01', '+1', '1e1', '1 ', ' 1', '1.0', '0x1', '1_0', '', '0', '-1', '9007199254740992'];

describe('path ids are canonical decimal integers', () => {
  const schemas = {
    'plan and message id': (id: string) => planIdParamsSchema.safeParse({ id }),
    'form id': (formId: string) => formDocumentParamsSchema.safeParse({ formId }),
    'statement party id': (partyId: string) => partyIdParamsSchema.safeParse({ partyId }),
    'statement id': (id: string) => statementIdParamsSchema.safeParse({ id }),
  };
  for (const [name, parse] of Object.entries(schemas)) {
    test(`${name}: "1" and "9007199254740991" are read, every other spelling is refused`, () => {
      expect(Object.values(parse('1').data ?? {})).toEqual([1]);
      expect(Object.values(parse('9007199254740991').data ?? {})).toEqual([2 ** 53 - 1]);
      for (const bad of NOT_AN_ID) expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
    });
  }
});

describe('party_ids', () => {
  test('a list with one bad element is refused, not trimmed to its good part', () => {
    for (const bad of ['2,0', '0', '1,01', '01', '1,,2', '1,', ',1', '1, 2', '1,+1', '1,1e1'])
      expect(partyIdsSchema.safeParse(bad).success, bad).toBe(false);
  });

  test('canonical lists are read in order, repeats dropped', () => {
    expect(partyIdsSchema.safeParse('2,10,2').success).toBe(true);
    expect(parsePartyIds('2,10,2')).toEqual([2, 10]);
  });
});
