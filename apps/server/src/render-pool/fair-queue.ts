/**
 * Waiting items served by owner: next is the owner with the fewest items running now (`running`), among equals the
 * one whose turn it is (round-robin, in the order they queued); an owner's own items keep their arrival order. One
 * person who queues twenty renders delays another person's one render by the render already running, not by twenty
 * (docs/decisions/038).
 */
export class FairQueue<T> {
  /** Owners in turn order (a Map keeps insertion order); an owner served and still waiting goes to the back. */
  readonly #byOwner = new Map<string, T[]>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(owner: string, item: T): void {
    const queue = this.#byOwner.get(owner);
    if (queue) queue.push(item);
    else this.#byOwner.set(owner, [item]);
    this.#size++;
  }

  /** The next owner's oldest item; that owner moves to the back of the round. */
  shift(running: (owner: string) => number = () => 0): T | undefined {
    let owner: string | undefined;
    let queue: T[] | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const [candidate, items] of this.#byOwner) {
      const busy = running(candidate);
      if (busy < fewest) [owner, queue, fewest] = [candidate, items, busy];
      if (busy === 0) break;
    }
    if (owner === undefined || !queue) return undefined;
    const item = queue.shift() as T;
    this.#byOwner.delete(owner);
    if (queue.length > 0) this.#byOwner.set(owner, queue);
    this.#size--;
    return item;
  }

  /** Drops one waiting item (its download was abandoned); false when it was not waiting. */
  remove(owner: string, item: T): boolean {
    const queue = this.#byOwner.get(owner);
    const at = queue?.indexOf(item) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.#byOwner.delete(owner);
    this.#size--;
    return true;
  }
}
