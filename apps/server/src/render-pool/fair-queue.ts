/**
 * Waiting items served round-robin by owner: each owner with something waiting gets one turn per round, in the order
 * they first queued, and an owner's own items keep their arrival order. One person who queues twenty renders delays
 * another person's one render by at most one of theirs, not by twenty (docs/decisions/038).
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
  shift(): T | undefined {
    const next = this.#byOwner.entries().next();
    if (next.done) return undefined;
    const [owner, queue] = next.value;
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
