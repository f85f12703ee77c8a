import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let server: MockServer;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  server = await startMockServer({ script: () => ({ content: "I cannot help with that." }) });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});
const at = (name: string) => join(dir.path, name);
const cli = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(args, io);
  return { code, ...io };
};
const run = (out: string, ...extra: string[]) =>
  cli(
    ...["run", "--model", "mock-model", "--base-url", server.url, "--protocol", "json", "--limit", "4"],
    ...["--no-cache", "--out", at(out), ...extra],
  );

describe("run --system-prompt-file PROTOCOL=PATH (command line)", () => {
  it("sends the replaced prompt with the tools in place, records its sha256, and reports mark the run", async () => {
    const prompt = "EXPERIMENT. Tools:\n{{tools}}\nReply with one JSON object per call.";
    writeFileSync(at("prompt.txt"), prompt);
    expect((await run("standard.json")).code).toBe(0);
    const sent = server.bodies.length;
    expect((await run("custom.json", "--system-prompt-file", `json=${at("prompt.txt")}`)).code).toBe(0);
    const system = server.bodies[sent]?.messages[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toMatch(/^EXPERIMENT\. Tools:\n\{"name":"[a-z_]+"/);
    const custom = JSON.parse(readFileSync(at("custom.json"), "utf8"));
    const standard = JSON.parse(readFileSync(at("standard.json"), "utf8"));
    expect(custom.config.system_prompts).toEqual({
      json: { file: at("prompt.txt"), sha256: createHash("sha256").update(prompt).digest("hex") },
    });
    expect(custom.prompts.sha256.json).not.toBe(standard.prompts.sha256.json);
    expect(standard.config.system_prompts).toBeUndefined();

    const one = await cli("report", at("custom.json"));
    expect(one.out).toMatch(
      /NOT COMPARABLE with runs on the standard prompts: custom system prompt \(json sha256 [0-9a-f]{12}…\)/,
    );
    const both = await cli("report", at("standard.json"), at("custom.json"));
    expect(both.out).toContain("mock-model (custom prompt)");
  });

  it("refuses a prompt without {{tools}}, a protocol the run does not use, and a file changed before --resume", async () => {
    writeFileSync(at("bare.txt"), "no tools here");
    const bare = await run("bare.json", "--system-prompt-file", `json=${at("bare.txt")}`);
    expect(bare.code).toBe(2);
    expect(bare.err).toMatch(/the prompt must contain \{\{tools\}\} where the offered tools are listed/);
    const unused = await run("unused.json", "--system-prompt-file", `xml=${at("bare.txt")}`);
    expect(unused.err).toMatch(/the run does not use protocol xml/);
    const malformed = await run("m.json", "--system-prompt-file", "json");
    expect(malformed.err).toMatch(/expected PROTOCOL=PATH/);

    writeFileSync(at("p2.txt"), "A {{tools}}");
    expect((await run("r.json", "--system-prompt-file", `json=${at("p2.txt")}`)).code).toBe(0);
    writeFileSync(at("p2.txt"), "B {{tools}}");
    const resumed = await cli("run", "--resume", at("r.json"));
    expect(resumed.code).toBe(2);
    expect(resumed.err).toMatch(/the file changed since the run started/);
  });
});
