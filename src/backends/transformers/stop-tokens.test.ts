import { describe, expect, it } from "vitest";
import {
  cutAtStop,
  declaredIds,
  declaredStops,
  stopTokenUnion,
  type TemplateProbe,
  templateEndOfTurn,
  tokenText,
} from "./stop-tokens.js";

describe("declarations", () => {
  it("reads eos_token_id as one id, a list, or nothing", () => {
    expect(declaredIds(151645)).toEqual([151645]);
    expect(declaredIds([151645, 151643])).toEqual([151645, 151643]);
    expect(declaredIds(null)).toEqual([]);
    expect(declaredIds(["x", -1, 1.5, 2])).toEqual([2]);
  });

  it("reads eos_token as a string or an AddedToken object", () => {
    expect(tokenText("<|im_end|>")).toBe("<|im_end|>");
    expect(tokenText({ content: "</s>", special: true })).toBe("</s>");
    expect(tokenText(null)).toBeNull();
  });

  it("collects all four sources the way a Qwen-style checkpoint declares them", () => {
    const ids: Record<string, number> = { "<|im_end|>": 151645 };
    const declared = declaredStops(
      {
        config: { eos_token_id: 151643 },
        generationConfig: { eos_token_id: [151645, 151643] },
        tokenizerConfig: { eos_token: "<|im_end|>" },
      },
      (token) => ids[token] ?? null,
      151645,
    );
    const union = stopTokenUnion(declared, (id) => `#${id}`);
    expect(union).toEqual([
      { id: 151643, token: "#151643", sources: ["generation_config.eos_token_id", "config.eos_token_id"] },
      {
        id: 151645,
        token: "#151645",
        sources: ["generation_config.eos_token_id", "tokenizer.eos_token", "chat_template.end_of_turn"],
      },
    ]);
  });

  it("is empty when nothing is declared (the backend refuses such a checkpoint)", () => {
    const declared = declaredStops(
      { config: {}, generationConfig: null, tokenizerConfig: {} },
      () => null,
      null,
    );
    expect(stopTokenUnion(declared, () => null)).toEqual([]);
  });
});

describe("templateEndOfTurn", () => {
  // A character-level tokenizer with three special tokens, enough to probe templates.
  const SPECIAL: Record<string, number> = { "<|im_end|>": 1000, "<|eot_id|>": 1001, "</s>": 1002 };
  const encode = (text: string): number[] => {
    const ids: number[] = [];
    for (let at = 0; at < text.length; ) {
      const special = Object.keys(SPECIAL).find((token) => text.startsWith(token, at));
      if (special) {
        ids.push(SPECIAL[special] as number);
        at += special.length;
      } else ids.push(text.charCodeAt(at++));
    }
    return ids;
  };
  const probe = (render: TemplateProbe["render"]): TemplateProbe => ({
    render,
    encode,
    specialIds: new Set(Object.values(SPECIAL)),
  });
  const each =
    (format: (role: string, content: string) => string) => (messages: { role: string; content: string }[]) =>
      messages.map((m) => format(m.role, m.content)).join("");

  it.each([
    ["ChatML", each((role, content) => `<|im_start|>${role}\n${content}<|im_end|>\n`), 1000],
    [
      "Llama 3",
      each((role, content) => `<|start_header_id|>${role}<|end_header_id|>\n\n${content}<|eot_id|>`),
      1001,
    ],
    [
      "Mistral",
      each((role, content) => (role === "assistant" ? ` ${content}</s>` : `[INST] ${content} [/INST]`)),
      1002,
    ],
  ])("finds %s's end-of-turn token", (_, render, expected) => {
    expect(templateEndOfTurn(probe(render))).toBe(expected);
  });

  it("retries with a system message when the template insists on one", () => {
    const render = (messages: { role: string; content: string }[]) => {
      if (messages[0]?.role !== "system") throw new Error("a system message comes first");
      return each((role, content) => `<|im_start|>${role}\n${content}<|im_end|>\n`)(messages);
    };
    expect(templateEndOfTurn(probe(render))).toBe(1000);
  });

  it("is null when the template writes no special token after the answer, or refuses every conversation", () => {
    expect(templateEndOfTurn(probe(each((role, content) => `${role}: ${content}\n`)))).toBeNull();
    expect(
      templateEndOfTurn(
        probe(() => {
          throw new Error("no");
        }),
      ),
    ).toBeNull();
  });
});

describe("cutAtStop", () => {
  const stops = new Set([7, 9]);
  it("keeps the tokens before the row's first stop token, whatever follows it", () => {
    expect(cutAtStop([1, 2, 9, 3, 7], stops)).toEqual({ tokens: [1, 2], stopped: true });
    expect(cutAtStop([7, 7, 7], stops)).toEqual({ tokens: [], stopped: true });
  });
  it("keeps everything when the row never stops", () => {
    expect(cutAtStop([1, 2, 3], stops)).toEqual({ tokens: [1, 2, 3], stopped: false });
  });
});
