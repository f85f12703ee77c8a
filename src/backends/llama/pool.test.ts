import { describe, expect, it } from "vitest";
import { Pool } from "./pool.js";

/** A task that stays in flight until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("Pool", () => {
  it("lends each item to one caller at a time and never runs more tasks than items", async () => {
    const pool = new Pool(["a", "b"]);
    let running = 0;
    let peak = 0;
    const inUse = new Set<string>();
    const gates = Array.from({ length: 6 }, gate);
    const tasks = gates.map((g) =>
      pool.use(async (item) => {
        expect(inUse.has(item)).toBe(false);
        inUse.add(item);
        peak = Math.max(peak, ++running);
        await g.opened;
        running--;
        inUse.delete(item);
        return item;
      }),
    );
    for (const g of gates) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      g.open();
    }
    expect((await Promise.all(tasks)).every((item) => item === "a" || item === "b")).toBe(true);
    expect(peak).toBe(2);
  });

  it("serves waiting callers first come, first served", async () => {
    const pool = new Pool([0]);
    const order: number[] = [];
    const first = gate();
    const held = pool.use(() => first.opened);
    const waiting = [1, 2, 3].map((n) => pool.use(async () => void order.push(n)));
    first.open();
    await Promise.all([held, ...waiting]);
    expect(order).toEqual([1, 2, 3]);
  });

  it("returns the item when a task fails", async () => {
    const pool = new Pool(["only"]);
    await expect(pool.use(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(pool.use(async (item) => item)).resolves.toBe("only");
  });

  it("drops a caller aborted while waiting, without losing an item", async () => {
    const pool = new Pool(["only"]);
    const first = gate();
    const held = pool.use(() => first.opened);
    const controller = new AbortController();
    const aborted = pool.use(async () => "never", controller.signal);
    controller.abort(new Error("stop"));
    await expect(aborted).rejects.toThrow("stop");
    first.open();
    await held;
    await expect(pool.use(async (item) => item)).resolves.toBe("only");
  });
});
