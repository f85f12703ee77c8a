/**
 * Groups concurrent requests into batches of up to `size` for one padded `generate` call at a time. Requests that
 * arrive within a short window are decoded together; a batch never waits for a full house once the window passes.
 */

interface Pending<I, O> {
  input: I;
  /** Requests batch only with requests of the same key (e.g. the same max_new_tokens). */
  key: string;
  signal: AbortSignal;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** How long a partial batch waits for company, in milliseconds: long enough for a runner's concurrent submissions. */
const GATHER_MS = 5;

export class Batcher<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private running = false;

  constructor(
    private readonly size: number,
    private readonly run: (inputs: I[]) => Promise<O[]>,
  ) {}

  submit(input: I, key: string, signal: AbortSignal): Promise<O> {
    signal.throwIfAborted();
    return new Promise<O>((resolve, reject) => {
      const pending: Pending<I, O> = { input, key, signal, resolve, reject };
      const onAbort = () => {
        const at = this.queue.indexOf(pending);
        if (at >= 0) {
          this.queue.splice(at, 1);
          reject(signal.reason);
        }
      };
      signal.addEventListener("abort", onAbort, { once: true });
      pending.resolve = (output) => {
        signal.removeEventListener("abort", onAbort);
        resolve(output);
      };
      pending.reject = (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      };
      this.queue.push(pending);
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        if (this.queue.length < this.size) await new Promise((done) => setTimeout(done, GATHER_MS));
        const first = this.queue[0];
        if (!first) break;
        const batch = this.queue.filter((pending) => pending.key === first.key).slice(0, this.size);
        for (const pending of batch) this.queue.splice(this.queue.indexOf(pending), 1);
        try {
          const outputs = await this.run(batch.map((pending) => pending.input));
          for (const [index, pending] of batch.entries()) pending.resolve(outputs[index] as O);
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
