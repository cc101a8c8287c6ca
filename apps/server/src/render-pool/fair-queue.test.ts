import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

describe('FairQueue', () => {
  it('serves owners in turn, each owner in arrival order, not first come first served', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) queue.push('a', `a${i}`);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    const order: string[] = [];
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) order.push(item);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
    expect(queue.size).toBe(0);
  });

  it('serves first whoever has the fewest running, so a newcomer does not wait behind a busy owner', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    // a has one running already, b none: b goes first although a queued first.
    expect(queue.shift((owner) => (owner === 'a' ? 1 : 0))).toBe('b1');
    expect(queue.shift((owner) => (owner === 'a' ? 1 : 0))).toBe('a2');
  });

  it('drops an abandoned item and forgets an owner left with nothing', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    expect(queue.remove('a', 'a1')).toBe(true);
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.size).toBe(1);
    expect(queue.shift()).toBe('b1');
    expect(queue.shift()).toBeUndefined();
  });
});
