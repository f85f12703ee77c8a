/** A fixed set of resources (a context's sequences) lent out one caller at a time, first come first served. */

export class Pool<T> {
  private readonly free: T[];
  private readonly waiting: ((item: T) => void)[] = [];

  constructor(items: readonly T[]) {
    if (items.length === 0) throw new Error("a pool needs at least one item");
    this.free = [...items];
  }

  /** Runs `task` with an item once one is free; a caller aborted while waiting leaves the queue without one. */
  async use<R>(task: (item: T) => Promise<R>, signal?: AbortSignal): Promise<R> {
    const item = await this.acquire(signal);
    try {
      return await task(item);
    } finally {
      this.release(item);
    }
  }

  private acquire(signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const item = this.free.pop();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal?.reason);
      };
      const waiter = (granted: T) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(granted);
      };
      this.waiting.push(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  private release(item: T): void {
    const next = this.waiting.shift();
    if (next) next(item);
    else this.free.push(item);
  }
}
