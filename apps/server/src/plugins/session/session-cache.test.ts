import { describe, expect, it } from 'vitest';
import type { CachedSession } from './session-cache.js';
import { changeOfPayload, SessionCache } from './session-cache.js';

const entry = (idHash: string, user: { id: number; clientId?: number; staffId?: number }): CachedSession =>
  ({
    session: { idHash },
    user: { kind: 'client', status: 'active', producerId: null, clientId: null, staffId: null, ...user },
  }) as unknown as CachedSession;

describe('SessionCache', () => {
  it('serves nothing until its listener is connected, and starts empty after a reconnection', () => {
    const cache = new SessionCache();
    cache.set('a', entry('a', { id: 1 }), cache.generation);
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    cache.set('a', entry('a', { id: 1 }), cache.generation);
    expect(cache.get('a')).toBeDefined();
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a row read before a change it has been told of (a read racing a logout)', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const readStartedAt = cache.generation;
    cache.forget({ idHash: 'a' });
    cache.set('a', entry('a', { id: 1 }), readStartedAt);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', entry('a', { id: 1 }), cache.generation);
    expect(cache.get('a')).toBeDefined();
  });

  it('forgets by session, user, client or staff member, and everything on *', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const fill = () => {
      cache.set('a', entry('a', { id: 1, clientId: 10 }), cache.generation);
      cache.set('b', entry('b', { id: 2, clientId: 20 }), cache.generation);
      cache.set('c', entry('c', { id: 3, staffId: 30 }), cache.generation);
    };
    fill();
    cache.forgetNotified('s:a');
    expect([cache.get('a'), cache.get('b')].map(Boolean)).toEqual([false, true]);
    cache.forgetNotified('u:2');
    expect(cache.get('b')).toBeUndefined();
    fill();
    cache.forgetNotified('c:10');
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, true]);
    cache.forgetNotified('t:30');
    expect(cache.get('c')).toBeUndefined();
    fill();
    cache.forgetNotified('*');
    expect(cache.size).toBe(0);
  });

  it('reads an unknown or damaged payload as "forget everything"', () => {
    expect(changeOfPayload('x:1')).toBe('all');
    expect(changeOfPayload('u:1e3')).toBe('all');
    expect(changeOfPayload('u:')).toBe('all');
    expect(changeOfPayload('garbage')).toBe('all');
    expect(changeOfPayload('p:42')).toEqual({ producerId: 42 });
  });

  it('keeps at most its capacity, dropping the oldest read first', () => {
    const cache = new SessionCache(2);
    cache.setListening(true);
    for (const id of ['a', 'b', 'c']) cache.set(id, entry(id, { id: 1 }), cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, true]);
  });
});
