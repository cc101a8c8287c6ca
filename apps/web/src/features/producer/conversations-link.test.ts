import { describe, expect, it } from 'vitest';
import { writeToClientPath } from './conversations-link';

describe('writeToClientPath', () => {
  it('names the client, their label and the plan in the address the Messages screen reads', () => {
    expect(
      writeToClientPath({ clientId: 42, label: 'Chan Tai Man (AG10000001)', planNo: 'HLA1000001' }),
    ).toBe('/b2b/conversations?clientId=42&client=Chan+Tai+Man+%28AG10000001%29&planNo=HLA1000001');
    expect(writeToClientPath({ clientId: 7, label: 'Lee & Co', planNo: null })).toBe(
      '/b2b/conversations?clientId=7&client=Lee+%26+Co',
    );
  });
});
