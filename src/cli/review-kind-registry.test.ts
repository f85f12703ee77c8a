/**
 * A review kind is one module plus one line in the registry (src/review/kinds/index.ts; issue 28). This test adds a
 * tiny kind that way — its module (src/review/test-support/echo-kind.ts), its line in the mocked registry — and drives `tooluse review add`, the
 * store, the workbench's pages and API, agreement and `tooluse review export` with no other edit. On code where a
 * kind is also named in the contract, the store, the pages, export or the CLI, the new kind is refused somewhere.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { AnyKind } from "../review/kinds/index.js";
import { openReviewStore } from "../review/store.js";
import { createReviewApp } from "../review/web/app.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

vi.mock("../review/kinds/index.js", async (importOriginal) => {
  const registry = await importOriginal<typeof import("../review/kinds/index.js")>();
  const { echoKind } = await import("../review/test-support/echo-kind.js");
  // The one registry line, as src/review/kinds/index.ts would hold it.
  return { ...registry, KINDS: { ...registry.KINDS, echo: echoKind as unknown as AnyKind } };
});

const dir = tempDir("tooluse-review-kind-");
afterAll(() => dir.remove());
const db = join(dir.path, "review.sqlite");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

describe("a review kind registered by one line", () => {
  it("is a --kind choice of review add, whose tasks the store, pages, API and agreement see", async () => {
    const lines = join(dir.path, "lines.txt");
    writeFileSync(lines, "first <b>line</b>\n\nsecond line\n");
    const refused = await cli("review", "--db", db, "add", "--kind", "nope", "--queries", lines);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("verdict, echo");
    const added = await cli("review", "--db", db, "add", "--kind", "echo", "--queries", lines);
    expect(added).toEqual({
      code: 0,
      out: `added 2 echo task(s) to ${db}; 2 blank line(s) left out\n`,
      err: "",
    });

    const store = openReviewStore(db);
    try {
      const [first, second] = store.listTasks({ kind: "echo" });
      expect(first?.title).toBe("first <b>line</b>");
      for (const [annotator, fine] of [
        ["ann", "yes"],
        ["bob", "yes"],
      ] as const)
        for (const task of [first, second]) store.addLabel(task?.id ?? 0, annotator, { fine });
      expect(() => store.addLabel(first?.id ?? 0, "ann", { fine: "maybe" })).toThrow(/fine/);
      expect(store.agreement("echo").pairs).toMatchObject([{ measure: "fine", n: 2, exact: 1 }]);

      const app = createReviewApp(store, { annotator: null, allowHost: () => true });
      const page = async (path: string) =>
        (await app.request(path, { headers: { Host: "127.0.0.1:1" } })).text();
      const index = await page("/");
      expect(index).toContain("Echo: is the line fine?");
      expect(index).toContain("1 … 7");
      expect(await page("/kinds/echo")).toContain("line-1");
      expect(await page(`/tasks/${first?.id}`)).toContain(
        '<p class="echo">first &lt;b&gt;line&lt;/b&gt;</p>',
      );
      const kinds = (await (
        await app.request("/api/kinds", { headers: { Host: "127.0.0.1:1" } })
      ).json()) as {
        kind: string;
      }[];
      expect(kinds.map((k: { kind: string }) => k.kind)).toContain("echo");
    } finally {
      store.close();
    }
  });

  it("is a --kind choice of review export, which writes the kind's records", async () => {
    const out = join(dir.path, "echo.csv");
    const exported = await cli(
      "review",
      "--db",
      db,
      "--annotator",
      "ann",
      "export",
      "--kind",
      "echo",
      "--out",
      out,
    );
    expect(exported.err).toBe("");
    expect(exported.out).toBe(`exported 2 echo label(s) by ann to ${out}: echo lines, as CSV\n`);
    expect(readFileSync(out, "utf8")).toContain('"[""line-2""]",second line,yes');
  });
});
