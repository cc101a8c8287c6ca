import { describe, expect, it } from 'vitest';
import { OwnShareBusyError, PoolBusyError } from './availability.js';
import { Lane, runAsOwner } from './lane.js';

const as = (owner: string, lane: Lane) => runAsOwner(owner, () => lane.acquire());
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (err: unknown) => err,
  );

describe('Lane', () => {
  it('never lets one owner take the last slot', async () => {
    const lane = new Lane(3, 1000);
    await as('heavy', lane);
    await as('heavy', lane);
    const third = as('heavy', lane);
    // Someone else still gets a slot at once.
    const release = await as('other', lane);
    expect(lane.stats).toEqual({ busy: 3, waiting: 1, slots: 3 });
    release();
    // The freed slot is no use to `heavy`, who holds their share: it stays free for the next person.
    expect(lane.stats).toEqual({ busy: 2, waiting: 1, slots: 3 });
    expect(await Promise.race([third.then(() => 'admitted'), Promise.resolve('waiting')])).toBe('waiting');
  });

  it('hands a freed slot to the next owner in turn, not to whoever queued most', async () => {
    const lane = new Lane(3, 1000);
    const first = await as('a', lane);
    await as('b', lane);
    await as('b', lane);
    const order: string[] = [];
    const wait = (owner: string) =>
      as(owner, lane).then((release) => {
        order.push(owner);
        return release;
      });
    const queued = [wait('a'), wait('a'), wait('a'), wait('c')];
    first();
    await Promise.race(queued);
    // `a` was first in line and holds nothing now; then `c`, before a's second request.
    expect(order).toEqual(['a']);
    (await (queued[0] as Promise<() => void>))();
    await Promise.race([queued[3], queued[1]]);
    expect(order).toEqual(['a', 'c']);
  });

  it('tells waiting behind one’s own share (429) from waiting behind everyone’s (503)', async () => {
    const lane = new Lane(3, 50);
    await as('heavy', lane);
    await as('heavy', lane);
    const own = await failureOf(as('heavy', lane));
    expect(own).toBeInstanceOf(OwnShareBusyError);
    await as('other', lane);
    const busy = await failureOf(as('third', lane));
    expect(busy).toBeInstanceOf(PoolBusyError);
    expect(lane.stats.waiting).toBe(0);
  });

  it('holds work of no one in particular (outside a capped request) to no share', async () => {
    const lane = new Lane(2, 1000);
    await lane.acquire();
    await lane.acquire();
    expect(lane.stats).toEqual({ busy: 2, waiting: 0, slots: 2 });
  });

  it('gives a one-slot lane to each owner in turn', async () => {
    const lane = new Lane(1, 1000);
    const release = await as('a', lane);
    const next = as('b', lane);
    release();
    await next;
    expect(lane.stats).toEqual({ busy: 1, waiting: 0, slots: 1 });
  });
});
