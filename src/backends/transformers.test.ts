import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { main } from "../cli/main.js";
import { UserError } from "../errors.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import type { Results } from "../runner/results.js";
import { captureIo } from "../test-support/capture-io.js";
import { describeWith } from "../test-support/requirements.js";
import { tempDir } from "../test-support/temp.js";
import { importTransformers } from "./transformers/binding.js";
import { startFakeHub } from "./transformers/test-support/fake-hub.js";
import {
  TINY_CHAT_TEMPLATE,
  TINY_TOKENS,
  type TinyModelOptions,
  tinyModelFiles,
  writeTinyModel,
} from "./transformers/test-support/tiny-model.js";
import { type TransformersBackendOptions, transformersBackend } from "./transformers.js";
import type { ChatMessage } from "./types.js";
import { type Backend, DEFAULT_SETTINGS, type RequestContext } from "./types.js";

const unavailable = await importTransformers().then(
  () => null,
  (error: unknown) => (error instanceof Error ? error.message : String(error)),
);

const CONTEXT: RequestContext = { signal: new AbortController().signal };
const chat = (question: string): ChatMessage[] => [
  { role: "system", content: "Be brief." },
  { role: "user", content: question },
];
const SHORT = chat("hi");
const LONG = chat("hello there, how are you today?");

function ask(backend: Backend, messages: ChatMessage[], maxTokens: number) {
  return backend.complete({ messages, settings: { ...DEFAULT_SETTINGS, max_tokens: maxTokens } }, CONTEXT);
}

describeWith(
  {
    name: "@huggingface/transformers (npm run install:transformers)",
    missing: unavailable,
    requiredInCi: true,
  },
  "transformers backend on a tiny ONNX checkpoint written by the test",
  () => {
    const dir = tempDir("tooluse-transformers-");
    const path = (name: string) => join(dir.path, name);
    const open: Backend[] = [];
    async function backend(
      name: string,
      options: Partial<TransformersBackendOptions> = {},
    ): Promise<Backend> {
      const created = await transformersBackend({
        model: path(name),
        batchSize: 1,
        settings: DEFAULT_SETTINGS,
        cacheDir: path("hub-cache"),
        allowDownload: false,
        threads: 1,
        ...options,
      });
      open.push(created);
      return created;
    }
    // With thinking off (the default) the prompt of SHORT is 61 tokens and of LONG 90 (one per byte, one per special
    // token). The token at position p is predicted from position p - 1, and from position 100 on the model ends its
    // turn: SHORT keeps 100 - 61 + 1 = 40 tokens before the stop and LONG 100 - 90 + 1 = 11.
    const END_AT = 100;
    const write = (name: string, options: TinyModelOptions = {}) => writeTinyModel(path(name), options);

    beforeAll(() => {
      write("talker");
      write("talker-copy");
      write("runner", { layers: 1 });
      write("runner-other", { layers: 1, seed: 2 });
      for (const [name, token] of Object.entries({
        "ends-config": TINY_TOKENS.configEos,
        "ends-template": TINY_TOKENS.imEnd,
        "ends-generation": TINY_TOKENS.generationEos,
        "ends-tokenizer": TINY_TOKENS.tokenizerEos,
        "ends-undeclared": TINY_TOKENS.undeclared,
      })) {
        write(name, { endAt: END_AT, endToken: token });
      }
      write("no-position-input", { graph: { positionIds: false } });
      write("external", { externalWeights: true });
      write("multimodal", { config: (c) => ({ ...c, architectures: ["LlavaForConditionalGeneration"] }) });
      write("layers", { config: (c) => ({ ...c, num_hidden_layers: 3 }) });
      write("no-cache", { graph: { cache: false } });
      write("logits", { config: (c) => ({ ...c, vocab_size: 300 }) });
      write("heads", { config: (c) => ({ ...c, num_key_value_heads: 4 }) });
      write("tokenizer-vocab", { config: (c) => ({ ...c, vocab_size: 200 }), graph: { vocab: 200 } });
      write("no-template", { tokenizerConfig: ({ chat_template: _, ...rest }) => rest });
      write("no-stops", {
        config: (c) => ({ ...c, eos_token_id: null }),
        tokenizerConfig: (c) => ({
          ...c,
          eos_token: null,
          chat_template:
            "{% for message in messages %}{{ message.role }}: {{ message.content }}\n{% endfor %}",
        }),
      });
      writeFileSync(join(path("no-stops"), "generation_config.json"), "{}");
      write("short-context", { config: (c) => ({ ...c, max_position_embeddings: 64 }) });
      write("template-file", { tokenizerConfig: ({ chat_template: _, ...rest }) => rest });
      writeFileSync(join(path("template-file"), "chat_template.jinja"), TINY_CHAT_TEMPLATE);
      write("bad-json");
      writeFileSync(join(path("bad-json"), "config.json"), '{"architectures": [');
      write("corrupt");
      const graph = readFileSync(join(path("corrupt"), "onnx/model.onnx"));
      writeFileSync(join(path("corrupt"), "onnx/model.onnx"), graph.subarray(0, graph.length / 2));
      write("missing");
      rmSync(join(path("missing"), "tokenizer.json"));
      write(join("hub-cache", "tooluse-test", "tiny"));
    });
    afterAll(async () => {
      for (const created of open) await created.close?.();
      dir.remove();
    });

    it("loads the checkpoint, names it by its file digests and records what it loaded", async () => {
      const loaded = await backend("talker");
      expect(loaded).toMatchObject({ kind: "transformers", cacheable: true });
      expect(loaded.model).toMatch(/^talker@sha256:[0-9a-f]{12}$/);
      // Same bytes, same digests: the folder name is the only difference.
      expect((await backend("talker-copy")).model.split("@")[1]).toBe(loaded.model.split("@")[1]);
      expect((await backend("ends-config")).model.split("@")[1]).not.toBe(loaded.model.split("@")[1]);
      const details = loaded.details as Record<string, unknown>;
      expect(Object.keys(details.files as object)).toEqual([
        "config.json",
        "generation_config.json",
        "onnx/model.onnx",
        "tokenizer.json",
        "tokenizer_config.json",
      ]);
      expect(Object.values(details.files as object).every((d) => /^sha256:[0-9a-f]{64}$/.test(d))).toBe(true);
      expect(details).toMatchObject({ architecture: "LlamaForCausalLM", device: "cpu", dtype: "fp32" });
    });

    it("stops on the union of every declared end of turn, each source named", async () => {
      const details = (await backend("talker")).details as { stop_tokens: unknown };
      expect(details.stop_tokens).toEqual([
        { id: TINY_TOKENS.configEos, token: "<|endoftext|>", sources: ["config.eos_token_id"] },
        { id: TINY_TOKENS.imEnd, token: "<|im_end|>", sources: ["chat_template.end_of_turn"] },
        { id: TINY_TOKENS.generationEos, token: "<|gen_end|>", sources: ["generation_config.eos_token_id"] },
        { id: TINY_TOKENS.tokenizerEos, token: "<|tok_end|>", sources: ["tokenizer.eos_token"] },
      ]);
    });

    it("generates greedily until max_tokens and says so", async () => {
      const completion = await ask(await backend("talker"), SHORT, 12);
      expect(completion).toMatchObject({ finish_reason: "length", prompt_tokens: 61, completion_tokens: 12 });
      expect(completion.text.length).toBeGreaterThan(0);
    });

    it.each([
      ["config.json eos_token_id", "ends-config"],
      ["the chat template's end of turn", "ends-template"],
      ["generation_config.json eos_token_id", "ends-generation"],
      ["tokenizer_config.json eos_token", "ends-tokenizer"],
    ])("stops on %s", async (_, name) => {
      const completion = await ask(await backend(name), SHORT, 100);
      expect(completion).toMatchObject({ finish_reason: "stop", prompt_tokens: 61, completion_tokens: 41 });
      // The stop token is never part of the text.
      expect(completion.text).not.toMatch(/<\|/);
    });

    it("does not stop on a special token no source declares (negative control)", async () => {
      const completion = await ask(await backend("ends-undeclared"), SHORT, 100);
      expect(completion).toMatchObject({ finish_reason: "length", completion_tokens: 100 });
    });

    it("decodes a batch exactly as it decodes each prompt alone, each row cut at its own first stop", async () => {
      const single = await backend("ends-template");
      const alone = [await ask(single, SHORT, 60), await ask(single, LONG, 60)];
      expect(alone.map((c) => c.completion_tokens)).toEqual([41, 12]);
      const batched = await backend("ends-template", { batchSize: 2 });
      const together = await Promise.all([ask(batched, SHORT, 60), ask(batched, LONG, 60)]);
      expect(together).toEqual(alone);
      const talker = await backend("talker", { batchSize: 3 });
      const talkerAlone = await backend("talker");
      const prompts = [SHORT, LONG, chat("Привет")];
      const rows = await Promise.all(prompts.map((p) => ask(talker, p, 20)));
      for (const [index, prompt] of prompts.entries())
        expect(rows[index]).toEqual(await ask(talkerAlone, prompt, 20));
      expect(new Set(rows.map((row) => row.text)).size).toBe(3);
    });

    it("writes a graph that really uses its cache: generate() agrees with recomputing every step from scratch", async () => {
      interface Tensor {
        dims: number[];
        data: Float32Array;
        tolist(): bigint[][];
      }
      interface Model {
        (inputs: Record<string, unknown>): Promise<{ logits: Tensor }>;
        generate(options: Record<string, unknown>): Promise<Tensor>;
        dispose(): Promise<unknown>;
      }
      const hf = (await importTransformers()) as unknown as {
        Tensor: new (type: string, data: BigInt64Array, dims: number[]) => unknown;
        AutoModelForCausalLM: { from_pretrained(dir: string, options: object): Promise<Model> };
      };
      const model = await hf.AutoModelForCausalLM.from_pretrained(path("talker"), {
        local_files_only: true,
        dtype: "fp32",
        device: "cpu",
      });
      const ids = (tokens: number[]) =>
        new hf.Tensor("int64", BigInt64Array.from(tokens, BigInt), [1, tokens.length]);
      const prompt = [TINY_TOKENS.imStart, 104, 105, TINY_TOKENS.imEnd, 10, TINY_TOKENS.imStart];
      try {
        const ones = (tokens: number[]) => ids(tokens.map(() => 1));
        // After the first step generate() feeds only the newest token and the cache.
        const cached = await model.generate({
          input_ids: ids(prompt),
          attention_mask: ones(prompt),
          max_new_tokens: 10,
          do_sample: false,
        });
        const sequence = [...prompt];
        for (let step = 0; step < 10; step++) {
          const { logits } = await model({ input_ids: ids(sequence), attention_mask: ones(sequence) });
          const vocab = logits.dims[2] as number;
          const last = [...logits.data.subarray((sequence.length - 1) * vocab, sequence.length * vocab)];
          sequence.push(last.indexOf(Math.max(...last)));
        }
        expect(cached.tolist()[0]?.map(Number)).toEqual(sequence);
        expect(new Set(sequence.slice(prompt.length)).size).toBeGreaterThan(3);
      } finally {
        await model.dispose();
      }
    });

    it("loads weights kept beside the graph in model.onnx_data, and hashes them", async () => {
      const external = await backend("external");
      expect(await ask(external, SHORT, 8)).toEqual(await ask(await backend("talker"), SHORT, 8));
      expect(external.details).toMatchObject({
        files: { "onnx/model.onnx_data": expect.stringMatching(/^sha256:/) },
      });
    });

    it("loads a graph that derives positions from the mask (no position_ids input)", async () => {
      const completion = await ask(await backend("no-position-input"), SHORT, 5);
      expect(completion).toMatchObject({ finish_reason: "length", completion_tokens: 5 });
    });

    it("passes enable_thinking to the template, as chat_template_kwargs does on a server", async () => {
      const talker = await backend("talker");
      const promptTokens = async (enable_thinking: boolean | null) =>
        (
          await talker.complete(
            { messages: SHORT, settings: { ...DEFAULT_SETTINGS, enable_thinking, max_tokens: 1 } },
            CONTEXT,
          )
        ).prompt_tokens;
      // "<|im_start|>system\nno thinking<|im_end|>\n" is 1 + 6 + 1 + 11 + 1 + 1 = 21 tokens more.
      expect(await promptTokens(false)).toBe(61);
      expect(await promptTokens(true)).toBe(61 - 21);
      expect(await promptTokens(null)).toBe(61 - 21);
    });

    it("reads the chat template from chat_template.jinja when tokenizer_config.json has none", async () => {
      const fromFile = await backend("template-file");
      expect(await ask(fromFile, SHORT, 8)).toEqual(await ask(await backend("talker"), SHORT, 8));
      expect(fromFile.details).toMatchObject({
        files: { "chat_template.jinja": expect.stringMatching(/^sha256:/) },
      });
    });

    it("refuses sampling: the backend decodes greedily", async () => {
      const settings = { ...DEFAULT_SETTINGS, temperature: 0.7 };
      await expect(backend("talker", { settings })).rejects.toThrow(/--temperature must be 0/);
    });

    it("errors a record whose prompt and max_tokens exceed max_position_embeddings, and answers the next", async () => {
      const short = await backend("short-context");
      // SHORT is 61 tokens: 61 + 3 fits 64, 61 + 4 does not.
      await expect(ask(short, SHORT, 4)).rejects.toThrow(
        "61 prompt tokens plus max_tokens 4 exceed max_position_embeddings 64",
      );
      expect(await ask(short, SHORT, 3)).toMatchObject({ completion_tokens: 3 });
    });

    it("refuses the native protocol with a clear error", async () => {
      const talker = await backend("talker");
      const request = { messages: SHORT, tools: [], settings: DEFAULT_SETTINGS };
      await expect(talker.complete(request, CONTEXT)).rejects.toThrow(/native protocol .* is not supported/);
    });

    it.each([
      ["multimodal", "config.json architecture LlavaForConditionalGeneration is not a causal language model"],
      ["layers", "past_key_values inputs for 2 layers, but config.json num_hidden_layers is 3"],
      ["no-cache", "the graph has no KV cache"],
      ["logits", "logits has 263 logits per token (vocabulary), but config.json says 300"],
      ["heads", "past_key_values.0.key has 2 key/value heads, but config.json says 4"],
      ["tokenizer-vocab", "the tokenizer has token ids up to 262, but config.json vocab_size is 200"],
      ["no-template", "the checkpoint has no chat template"],
      ["no-stops", "the checkpoint declares no end-of-turn token"],
      ["bad-json", "config.json is not valid JSON"],
      ["corrupt", "onnx/model.onnx does not load: "],
      ["missing", "the folder has no tokenizer.json"],
      ["absent", "no such folder, and not a Hugging Face model id"],
    ])("refuses the %s checkpoint with one line naming it and the cause", async (name, cause) => {
      const error = await backend(name).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(UserError);
      const message = (error as UserError).message;
      expect(message).toContain(cause);
      expect(message.startsWith(`--model ${path(name)}: `)).toBe(true);
      expect(message).not.toContain("\n");
    });

    it("finds a hub id in the model cache offline, and says how to fetch one that is not there", async () => {
      const cached = await backend("", { model: "tooluse-test/tiny" });
      expect(cached.model).toMatch(/^tooluse-test\/tiny@sha256:/);
      await expect(backend("", { model: "tooluse-test/absent" })).rejects.toThrow(
        /^--model tooluse-test\/absent: config\.json is not in the model cache \(.*\); pass --allow-download/,
      );
    });

    describe("through tooluse run", () => {
      const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
      // One case in two protocols: a ToolUse.1 prompt is ~3,900 byte-level tokens, and prefill dominates the time.
      const IDS = loadCases(DEFAULT_CASES_FILE)[0]?.id ?? "";
      const args = (model: string, out: string, ...more: string[]) => [
        "run",
        "--backend",
        "transformers",
        "--model",
        path(model),
        "--protocol",
        "json,plain",
        "--ids",
        IDS,
        "--max-tokens",
        "6",
        "--out",
        out,
        ...more,
      ];
      /** A separate process: what a user runs, and the proof that decoding does not depend on the process. */
      function cli(argv: string[]): Promise<{ code: number | null; stderr: string }> {
        return new Promise((resolve) => {
          const child = spawn(process.execPath, ["--import", "tsx", ENTRY, ...argv], {
            cwd: PACKAGE_ROOT,
            env: { ...process.env, NO_COLOR: "1" },
            stdio: ["ignore", "ignore", "pipe"],
          });
          let stderr = "";
          child.stderr.on("data", (chunk: Buffer) => {
            stderr += chunk.toString();
          });
          child.on("exit", (code) => resolve({ code, stderr }));
        });
      }
      const results = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Results;
      const outputs = (file: string) =>
        results(file).records.map((r) => [r.id, r.protocol, r.output, r.finish_reason]);

      it("completes a run whose results record the digests and stop tokens, identically in two processes", async () => {
        const [first, second] = [path("first.json"), path("second.json")];
        const cache = ["--no-cache", "--batch-size", "2"];
        const runs = await Promise.all([
          cli(args("runner", first, ...cache)),
          cli(args("runner", second, ...cache)),
        ]);
        expect(runs.map((run) => run.code)).toEqual([0, 0]);
        const written = results(first);
        expect(written).toMatchObject({
          backend: "transformers",
          counts: { records: 2, scored: 2, errors: 0 },
        });
        expect(written.config).toMatchObject({ batch_size: 2, allow_download: false });
        expect(written.model_details).toMatchObject({
          files: { "onnx/model.onnx": expect.stringMatching(/^sha256:/) },
          stop_tokens: expect.arrayContaining([expect.objectContaining({ id: TINY_TOKENS.imEnd })]),
        });
        expect(written.records.every((r) => r.finish_reason === "length" && r.completion_tokens === 6)).toBe(
          true,
        );
        expect(outputs(second)).toEqual(outputs(first));
      }, 120_000);

      it("answers a repeated run from the response cache, keyed on the checkpoint digests", async () => {
        const cacheDir = path("response-cache");
        const io = captureIo();
        const out = (name: string) => path(`${name}.json`);
        const run = (model: string, file: string) =>
          main([...args(model, file), "--cache-dir", cacheDir], io);
        expect(await run("runner", out("cold"))).toBe(0);
        expect(await run("runner", out("warm"))).toBe(0);
        expect(await run("runner-other", out("other"))).toBe(0);
        expect(results(out("cold")).records.every((r) => !r.cached)).toBe(true);
        expect(results(out("warm")).records.every((r) => r.cached)).toBe(true);
        expect(outputs(out("warm"))).toEqual(outputs(out("cold")));
        // Another checkpoint is another cache key, even with the same config and tokenizer.
        expect(results(out("other")).records.every((r) => !r.cached)).toBe(true);
      }, 120_000);

      it("resumes an interrupted run and asks each remaining record exactly once", async () => {
        const out = path("interrupted.json");
        const journal = `${out}.journal.jsonl`;
        const clean = path("clean.json");
        expect((await cli(args("runner", clean, "--no-cache"))).code).toBe(0);
        const child = spawn(
          process.execPath,
          ["--import", "tsx", ENTRY, ...args("runner", out, "--no-cache", "--concurrency", "1")],
          {
            cwd: PACKAGE_ROOT,
            stdio: "ignore",
          },
        );
        const exited = new Promise((resolve) => child.on("exit", resolve));
        const journalLines = () => {
          try {
            return readFileSync(journal, "utf8").split("\n").filter(Boolean).length;
          } catch {
            return 0;
          }
        };
        while (journalLines() < 2) await new Promise((resolve) => setTimeout(resolve, 20));
        child.kill("SIGKILL");
        await exited;
        const before = journalLines() - 1;
        expect(before).toBe(1);
        expect((await cli(["run", "--resume", out])).code).toBe(0);
        const keys = readFileSync(journal, "utf8")
          .split("\n")
          .slice(1)
          .filter(Boolean)
          .map((line) => {
            const record = JSON.parse(line) as { id: string; protocol: string };
            return `${record.id}/${record.protocol}`;
          });
        expect(keys.length).toBe(2);
        expect(new Set(keys).size).toBe(2);
        expect(outputs(out)).toEqual(outputs(clean));
      }, 120_000);

      it("--model-cache: finds a hub id there without any network", async () => {
        const cache = path("user-cache");
        writeTinyModel(join(cache, "someone", "tiny"), { layers: 1 });
        const io = captureIo();
        const out = path("from-cache.json");
        const argv = args("runner", out, "--no-cache", "--model-cache", cache, "--protocol", "json");
        argv[argv.indexOf(path("runner"))] = "someone/tiny";
        expect(await main(argv, io)).toBe(0);
        expect(results(out).model).toMatch(/^someone\/tiny@sha256:/);
        expect(results(out).model_details).toMatchObject({ source: "hub", location: "someone/tiny" });
      }, 60_000);

      it("--allow-download: fetches a hub id once, and never without the flag", async () => {
        const hub = await startFakeHub("someone/remote", tinyModelFiles({ layers: 1 }));
        const previous = process.env.HF_ENDPOINT;
        process.env.HF_ENDPOINT = hub.url;
        try {
          const cache = path("download-cache");
          const run = (file: string, ...more: string[]) => {
            const argv = args(
              "runner",
              path(file),
              "--no-cache",
              "--model-cache",
              cache,
              "--protocol",
              "json",
              ...more,
            );
            argv[argv.indexOf(path("runner"))] = "someone/remote";
            const io = captureIo();
            return main(argv, io).then((code) => ({ code, err: io.err }));
          };
          const offline = await run("offline.json");
          expect(offline.code).not.toBe(0);
          expect(offline.err).toMatch(
            /^tooluse: --model someone\/remote: config\.json is not in the model cache .*--allow-download/,
          );
          expect(hub.requested).toEqual([]);
          expect((await run("downloaded.json", "--allow-download")).code).toBe(0);
          expect(hub.requested).toContain("/someone/remote/resolve/main/onnx/model.onnx");
          expect(results(path("downloaded.json")).config).toMatchObject({ allow_download: true });
          // Now in the cache: an offline run finds it and asks the hub nothing more.
          const asked = hub.requested.length;
          expect((await run("cached.json")).code).toBe(0);
          expect(hub.requested.length).toBe(asked);
        } finally {
          if (previous === undefined) delete process.env.HF_ENDPOINT;
          else process.env.HF_ENDPOINT = previous;
          await hub.close();
        }
      }, 90_000);

      it("refuses --allow-download and --model-cache with another backend", async () => {
        for (const flag of [["--allow-download"], ["--model-cache", path("x")]]) {
          const io = captureIo();
          expect(await main(["run", "--backend", "baseline", ...flag, "--out", path("x.json")], io)).not.toBe(
            0,
          );
          expect(io.err).toBe(`tooluse: ${flag[0]} applies to --backend transformers only\n`);
        }
      });

      it("stops before any case for a checkpoint that does not verify, with one line and no results", async () => {
        const out = path("refused.json");
        const { code, stderr } = await cli(args("layers", out));
        expect(code).not.toBe(0);
        expect(stderr.trim().split("\n")).toEqual([
          `tooluse: --model ${path("layers")}: the graph has past_key_values inputs for 2 layers, but config.json num_hidden_layers is 3`,
        ]);
        expect(() => readFileSync(out)).toThrow();
      }, 60_000);
    });
  },
);
