import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { UserError } from "../errors.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { definedRun } from "../runner/define-run.js";
import { silentProgress } from "../runner/progress.js";
import { runBenchmark } from "../runner/run.js";
import { describeWith } from "../test-support/requirements.js";
import { tempDir } from "../test-support/temp.js";
import { importNodeLlamaCpp } from "./llama/binding.js";
import { loadCheckpoint } from "./llama/load.js";
import { createPrompter } from "./llama/prompt.js";
import { endOfGenerationTokens } from "./llama/stop-tokens.js";
import { type GgufFile, writeGguf } from "./llama/test-support/gguf-writer.js";
import { TINY_CHAT_TEMPLATE, TINY_TOKENS, tinyLlama } from "./llama/test-support/tiny-llama.js";
import { type LlamaBackendOptions, llamaBackend } from "./llama.js";
import type { ChatMessage } from "./types.js";
import { type Backend, DEFAULT_SETTINGS, type RequestContext } from "./types.js";

const unavailable = await importNodeLlamaCpp().then(
  () => null,
  (error: unknown) => (error instanceof Error ? error.message : String(error)),
);

const CHAT: ChatMessage[] = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "hello world" },
];
// Model backends never look at the case; the runner passes it for rule-based ones.
const CONTEXT: RequestContext = { signal: new AbortController().signal };

function ask(backend: Backend, maxTokens: number) {
  return backend.complete(
    { messages: CHAT, settings: { ...DEFAULT_SETTINGS, max_tokens: maxTokens } },
    CONTEXT,
  );
}

function withTensors(
  file: GgufFile,
  change: (tensors: GgufFile["tensors"]) => GgufFile["tensors"],
): Uint8Array {
  return writeGguf({ ...file, tensors: change(file.tensors) });
}

describeWith(
  { name: "node-llama-cpp (npm run install:llama)", missing: unavailable, requiredInCi: true },
  "llama backend on a tiny GGUF written by the test",
  () => {
    const dir = tempDir("tooluse-llama-");
    const path = (name: string) => join(dir.path, `${name}.gguf`);
    const open: Backend[] = [];
    async function backend(name: string, options: Partial<LlamaBackendOptions> = {}): Promise<Backend> {
      // One thread: the test machine may be small and busy, where spinning threads make every token slow.
      const created = await llamaBackend({
        modelPath: path(name),
        batchSize: 1,
        settings: DEFAULT_SETTINGS,
        threads: 1,
        ...options,
      });
      open.push(created);
      return created;
    }

    beforeAll(() => {
      const favour = {
        eos: TINY_TOKENS.eos,
        eot: TINY_TOKENS.eot,
        "end-of-text": TINY_TOKENS.endOfText,
        word: TINY_TOKENS.word,
      };
      for (const [name, token] of Object.entries(favour))
        writeFileSync(path(name), writeGguf(tinyLlama({ favour: token })));
      const good = tinyLlama({ favour: TINY_TOKENS.word });
      const broken = {
        "missing-tensor": withTensors(good, (all) => all.filter((t) => t.name !== "blk.0.ffn_gate.weight")),
        "wrong-shape": withTensors(good, (all) =>
          all.map((t) =>
            t.name === "blk.0.attn_q.weight" ? { ...t, dims: [32, 16], data: t.data.slice(0, 512) } : t,
          ),
        ),
        // Keys the architecture does not use, like a vision tower beside a text model: llama.cpp counts them.
        "extra-tensor": withTensors(good, (all) => [
          ...all,
          { name: "v.blk.0.attn_q.weight", dims: [32], data: new Float32Array(32) },
        ]),
        truncated: writeGguf(good).slice(0, 20_000),
      };
      for (const [name, bytes] of Object.entries(broken)) writeFileSync(path(name), bytes);
      const thinking = `{% if enable_thinking is defined and not enable_thinking %}<|system|>no thinking{% endif %}`;
      const templates = { thinking: `${thinking}${TINY_CHAT_TEMPLATE}`, "no-template": null };
      for (const [name, chatTemplate] of Object.entries(templates)) {
        writeFileSync(path(name), writeGguf(tinyLlama({ favour: TINY_TOKENS.eos, chatTemplate })));
      }
    });
    afterAll(async () => {
      for (const created of open) await created.close?.();
      dir.remove();
    });

    it("loads the checkpoint and names it by file and content hash", async () => {
      const loaded = await backend("eos");
      expect(loaded).toMatchObject({ kind: "llama", cacheable: true });
      expect(loaded.model).toMatch(/^eos\.gguf@sha256:[0-9a-f]{12}$/);
      expect((await backend("eot")).model).not.toBe(loaded.model);
    });

    it("renders the chat with the GGUF's own template: one BOS, role markers, generation prompt", async () => {
      const model = await loadCheckpoint(path("word"));
      try {
        const prompter = await createPrompter(model, path("word"));
        const tokens = prompter.tokens({ messages: CHAT, settings: DEFAULT_SETTINGS });
        expect(tokens.filter((token) => token === TINY_TOKENS.bos)).toEqual([TINY_TOKENS.bos]);
        expect(tokens[0]).toBe(TINY_TOKENS.bos);
        expect(model.detokenize(tokens, true)).toBe(
          "<s><|system|> Be brief.<|user|> hello world<|assistant|>",
        );
      } finally {
        await model.dispose();
      }
    });

    it("passes enable_thinking to the template when set, as chat_template_kwargs does on a server", async () => {
      const model = await loadCheckpoint(path("thinking"));
      try {
        const prompter = await createPrompter(model, path("thinking"));
        const render = (enable_thinking: boolean | null) => {
          const settings = { ...DEFAULT_SETTINGS, enable_thinking };
          return model.detokenize(prompter.tokens({ messages: CHAT, settings }), true);
        };
        expect(render(false)).toContain("no thinking");
        expect(render(true)).not.toContain("no thinking");
        expect(render(null)).not.toContain("no thinking");
      } finally {
        await model.dispose();
      }
    });

    it("refuses a GGUF without a chat template rather than guess its chat format", async () => {
      await expect(backend("no-template")).rejects.toThrow(/no tokenizer\.chat_template/);
    });

    it("collects the end-of-generation union: EOS, the declared EOT, and <|endoftext|> only the vocabulary marks", async () => {
      const model = await loadCheckpoint(path("word"));
      try {
        expect([...endOfGenerationTokens(model)].sort()).toEqual([
          TINY_TOKENS.eos,
          TINY_TOKENS.eot,
          TINY_TOKENS.endOfText,
        ]);
      } finally {
        await model.dispose();
      }
    });

    it("generates greedily until max_tokens and says so", async () => {
      const completion = await ask(await backend("word"), 5);
      expect(completion).toEqual({
        text: " a a a a a",
        finish_reason: "length",
        prompt_tokens: 25,
        completion_tokens: 5,
      });
    });

    it.each([
      ["EOS", "eos"],
      ["the declared EOT", "eot"],
      ["<|endoftext|>, which no id declares", "end-of-text"],
    ])("stops on %s", async (_, name) => {
      const completion = await ask(await backend(name), 50);
      expect(completion).toEqual({
        text: "",
        finish_reason: "stop",
        prompt_tokens: 25,
        completion_tokens: 1,
      });
    });

    it("decodes batch-size prompts at once: with 2 sequences a short request overtakes a long one", async () => {
      const finished = async (batchSize: number) => {
        const order: string[] = [];
        const word = await backend("word", { batchSize });
        const long = ask(word, 300).then((c) => order.push(`long:${c.completion_tokens}`));
        const short = ask(word, 2).then((c) => order.push(`short:${c.completion_tokens}`));
        await Promise.all([long, short]);
        return order;
      };
      expect(await finished(2)).toEqual(["short:2", "long:300"]);
      expect(await finished(1)).toEqual(["long:300", "short:2"]);
    });

    it("refuses the native protocol with a clear error", async () => {
      const word = await backend("word");
      const request = { messages: CHAT, tools: [], settings: DEFAULT_SETTINGS };
      await expect(word.complete(request, CONTEXT)).rejects.toThrow(/native protocol .* is not supported/);
    });

    it.each([
      ["missing-tensor", "missing tensor 'blk.0.ffn_gate.weight'"],
      ["wrong-shape", "tensor 'blk.0.attn_q.weight' has wrong shape; expected 32, 32, got 32, 16"],
      ["extra-tensor", "wrong number of tensors; expected 13, got 12"],
      ["truncated", "data is not within the file bounds"],
      ["absent", "no such GGUF file"],
    ])("rejects the %s checkpoint with one line naming the file and the cause", async (name, cause) => {
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

    describe("through tooluse run", () => {
      const ids = loadCases(DEFAULT_CASES_FILE)
        .slice(0, 2)
        .map((c) => c.id)
        .join(",");
      const run = (model: string) => {
        const out = join(dir.path, `${model}.json`);
        const config = definedRun({
          backend: "llama",
          model: path(model),
          batch_size: 2,
          protocols: ["json", "plain"],
          filters: { ids: ids.split(",") },
          out,
          api_key_env: "UNUSED",
          cases_file: DEFAULT_CASES_FILE,
          concurrency: 4,
          timeout_ms: 60_000,
          retries: 0,
          cache: false,
          settings: { max_tokens: 16 },
        });
        const env = { env: {}, cacheDir: join(dir.path, "cache"), progress: silentProgress, log: () => {} };
        return {
          out,
          results: runBenchmark(config, false, { ...env, signal: new AbortController().signal }),
        };
      };

      it("scores every record of a checkpoint that loads", async () => {
        const { results } = run("eos");
        const { counts, records } = await results;
        expect(counts).toEqual({ records: 4, scored: 4, errors: 0, missing: 0 });
        expect(records.every((r) => r.finish_reason === "stop" && r.completion_tokens === 1)).toBe(true);
      });

      it("stops before any case for a checkpoint llama.cpp rejects, and writes no results", async () => {
        const { out, results } = run("wrong-shape");
        await expect(results).rejects.toThrow(UserError);
        expect(existsSync(out)).toBe(false);
      });
    });
  },
);
