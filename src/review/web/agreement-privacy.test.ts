/**
 * Agreement figures never give away another annotator's label: on a server started with --annotator alice, a pair's
 * exact agreement and κ over one or two shared tasks (alice knows her own label, so "n 1, exact 1.00" is bob's) are
 * hidden, on the index page and in GET /api/kinds alike; from three shared tasks on they are shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewTask } from "../contract.js";
import { type RunningReviewServer, startReviewServer } from "./server.js";
import { SAMPLE_TASKS } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

const store = reviewStoreForTests();
const sample = SAMPLE_TASKS.verdict[0] as NewTask;
store.addTasks(
  "verdict",
  [1, 2, 3].map((n) => ({ ...sample, key: `${sample.key}|${n}`, title: `verdict ${n}` })),
);
const ids = store.listTasks({ kind: "verdict" }).map((task) => task.id);
let server: RunningReviewServer;
beforeAll(async () => {
  server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: "alice" });
});
afterAll(async () => {
  await server.close();
  store.dispose();
});

interface ShownPairJson {
  annotators: string[];
  n: number;
  exact: number | null;
  kappa: number | null;
  weighted_kappa: number | null;
  hidden: boolean;
}

async function verdictPairs(): Promise<ShownPairJson[]> {
  const kinds = (await (await fetch(new URL("/api/kinds", server.url))).json()) as {
    kind: string;
    agreement: { pairs: ShownPairJson[] };
  }[];
  return kinds.find((k) => k.kind === "verdict")?.agreement.pairs ?? [];
}

const indexPage = async () => (await fetch(server.url)).text();

function label(id: number | undefined, annotator: string, verdict: "agree" | "dispute") {
  store.addLabel(id ?? 0, annotator, verdict === "agree" ? { verdict } : { verdict, reason: "wrong call" });
}

describe("agreement on a server started with --annotator alice", () => {
  it("hides the figures of a pair over one shared task: they would be bob's label", async () => {
    label(ids[0], "alice", "agree");
    label(ids[0], "bob", "agree");
    expect(await verdictPairs()).toEqual([
      {
        annotators: ["alice", "bob"],
        measure: "verdict",
        n: 1,
        exact: null,
        kappa: null,
        weighted_kappa: null,
        ordinal: false,
        hidden: true,
      },
    ]);
    const page = await indexPage();
    expect(page).toContain(
      '<tr class="hidden-figures"><td>alice · bob</td><td>verdict</td><td class="num">1</td><td colspan="3" class="sub">hidden until 3 shared tasks</td></tr>',
    );
    expect(page).not.toContain('<td class="num">1.00</td>');
  });

  it("still hides them over two shared tasks", async () => {
    label(ids[1], "alice", "dispute");
    label(ids[1], "bob", "agree");
    const [pair] = await verdictPairs();
    expect(pair).toMatchObject({ n: 2, exact: null, kappa: null, hidden: true });
    expect(await indexPage()).toContain("hidden until 3 shared tasks");
  });

  it("shows them from three shared tasks on", async () => {
    label(ids[2], "alice", "agree");
    label(ids[2], "bob", "agree");
    const [pair] = await verdictPairs();
    expect(pair).toMatchObject({ n: 3, hidden: false });
    expect(pair?.exact).toBeCloseTo(2 / 3, 10);
    const page = await indexPage();
    expect(page).toContain(
      '<tr><td>alice · bob</td><td>verdict</td><td class="num">3</td><td class="num">0.67</td>',
    );
    expect(page).not.toContain("hidden until 3 shared tasks");
  });
});
