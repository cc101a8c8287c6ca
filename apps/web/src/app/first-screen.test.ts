import { describe, expect, it } from 'vitest';
import { firstScreenOf } from './first-screen';

describe('first screen of a URL', () => {
  it('knows the first screen of each area', () => {
    expect(firstScreenOf('/en/b2c')?.namespaces).toEqual(['client']);
    expect(firstScreenOf('/b2b/')?.namespaces).toEqual(['producer-team', 'producer-lists', 'lists']);
    expect(firstScreenOf('/kr/internal/revenues')?.namespaces).toEqual(['internal', 'lists']);
  });

  it('leaves every other page to load as before', () => {
    expect(firstScreenOf('/b2c/plan_detail/3')).toBeUndefined();
    expect(firstScreenOf('/registration')).toBeUndefined();
    expect(firstScreenOf('/loginx')).toBeUndefined();
    // The login page is its own document (login.html) with its own entry.
    expect(firstScreenOf('/zh/login')).toBeUndefined();
  });
});
