import { describe, expect, it } from 'vitest';
import { WorkAdmission, WorkQueueTimeoutError } from './work-admission.js';

/*
 * Admission of lists and previews (plugins/work-admission.ts): how many run at once, and whose turn is next. A fake
 * clock decides who counts as still asking.
 */

function admission(slots: number, waitMs = 1000) {
  let now = 0;
  const queue = new WorkAdmission({ slots, waitMs, activeWindowMs: 1000, now: () => now });
  const started: string[] = [];
  const releases = new Map<string, (() => void)[]>();
  const ask = (owner: string) => {
    const turn = queue.admit(owner).then((release) => {
      started.push(owner);
      releases.set(owner, [...(releases.get(owner) ?? []), release]);
      return release;
    });
    // Requests a test leaves waiting time out after it has ended (real timers), in whatever file runs next in this
    // process: that rejection is expected, not an unhandled one. A test that awaits the turn still sees it.
    turn.catch(() => {});
    return turn;
  };
  const finish = (owner: string) => {
    const release = releases.get(owner)?.shift();
    if (!release) throw new Error(`${owner} has nothing running`);
    release();
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { queue, ask, finish, started, settle, advance: (ms: number) => (now += ms) };
}

describe('work admission', () => {
  it('gives a person alone every slot', async () => {
    const a = admission(2);
    void a.ask('heavy');
    void a.ask('heavy');
    void a.ask('heavy');
    await a.settle();
    expect(a.started).toEqual(['heavy', 'heavy']);
    expect(a.queue.stats).toMatchObject({ running: 2, waiting: 1 });
    a.finish('heavy');
    await a.settle();
    expect(a.started).toHaveLength(3);
  });

  it('serves someone new before the heavy user’s queued work, and keeps a slot for them while they browse', async () => {
    const a = admission(2);
    for (let i = 0; i < 5; i++) void a.ask('heavy');
    await a.settle();
    void a.ask('light');
    await a.settle();
    expect(a.started).toEqual(['heavy', 'heavy']);
    // The first slot freed goes to the person running nothing, not to the heavy user's next request.
    a.finish('heavy');
    await a.settle();
    expect(a.started).toEqual(['heavy', 'heavy', 'light']);
    // Two people asking: one slot each. The light user's slot stays free between their requests…
    a.finish('light');
    await a.settle();
    expect(a.queue.stats).toMatchObject({ running: 1, waiting: 3 });
    a.advance(300);
    void a.ask('light');
    await a.settle();
    // …so their next request starts at once.
    expect(a.started.at(-1)).toBe('light');
    a.finish('light');
    a.finish('heavy');
    await a.settle();
    // The heavy user's request ran 300 ms: they rest as long before their next while light is asking.
    expect(a.queue.stats).toMatchObject({ running: 0, waiting: 3 });
    // Once light has been quiet for the active window, the heavy user gets both slots again (the wake-up timer
    // runs on real time).
    a.advance(1500);
    await new Promise((r) => setTimeout(r, 350));
    expect(a.queue.stats).toMatchObject({ running: 2, waiting: 1 });
  });

  it('serves the fewest running first, then the one served longest ago, each person’s requests in order', async () => {
    const a = admission(3);
    for (const owner of ['a', 'a', 'a', 'b', 'c', 'b', 'c']) void a.ask(owner);
    await a.settle();
    // a alone at first took all three; b and c wait.
    expect(a.started).toEqual(['a', 'a', 'a']);
    a.finish('a');
    await a.settle();
    a.finish('a');
    await a.settle();
    expect(a.started.slice(3)).toEqual(['b', 'c']);
    // Three people asking, three slots: one each. a (one running) has its share; b's and c's second requests wait
    // until their first ends.
    a.finish('b');
    await a.settle();
    expect(a.started.slice(5)).toEqual(['b']);
  });

  it('answers a wait past its limit with WorkQueueTimeoutError and hands the turn on', async () => {
    const a = admission(1, 20);
    void a.ask('heavy');
    await a.settle();
    await expect(a.ask('light')).rejects.toBeInstanceOf(WorkQueueTimeoutError);
    expect(a.queue.stats.waiting).toBe(0);
    const next = a.ask('other');
    a.finish('heavy');
    await next;
    expect(a.started).toEqual(['heavy', 'other']);
  });

  it('rests a person with a backlog between requests while someone without one is asking, and not otherwise', async () => {
    const a = admission(2);
    for (let i = 0; i < 6; i++) void a.ask('heavy');
    await a.settle();
    void a.ask('light');
    a.finish('heavy');
    await a.settle();
    expect(a.started).toEqual(['heavy', 'heavy', 'light']);
    // The heavy user's other request ran 40 ms; with light asking, they rest 40 ms before their next one starts,
    // even though light's request has ended and a slot is free.
    a.advance(40);
    a.finish('heavy');
    a.finish('light');
    await a.settle();
    expect(a.started).toHaveLength(3);
    a.advance(41);
    await new Promise((r) => setTimeout(r, 60)); // the wake-up timer runs on real time
    expect(a.started).toEqual(['heavy', 'heavy', 'light', 'heavy']);

    // Two people who both have a backlog never rest: nobody would use the gap.
    const b = admission(2);
    for (let i = 0; i < 3; i++) void b.ask('one');
    await b.settle();
    for (let i = 0; i < 3; i++) void b.ask('two');
    b.advance(40);
    b.finish('one');
    await b.settle();
    expect(b.started).toEqual(['one', 'one', 'two']);
    b.finish('one');
    await b.settle();
    expect(b.started).toEqual(['one', 'one', 'two', 'one']);
  });
});
