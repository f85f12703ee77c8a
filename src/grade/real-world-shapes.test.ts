/**
 * Real-world output shapes, graded as labelled: the call formats of current open-weight models as their
 * serving stacks' parser test suites show them (Hermes/Qwen, Qwen3-Coder, Mistral v3/v11, Llama 3.1/3.2/4,
 * Granite, DeepSeek V3/V3.1, Command-R/R7B, Gemma tool_code, Phi-4-mini, InternLM, Jamba, Kimi K2, GLM-4.5, xLAM,
 * MiniMax, Seed-OSS, Functionary, OpenAI tool_calls, gpt-oss harmony), each around several calls, with thinking,
 * leaked end-of-turn tokens and repeats; and no-call replies in the same styles (answers, refusals, questions,
 * mentions of a call). Written here from the formats, not copied from those suites.
 */
import { describe, expect, it } from "vitest";
import type { Case, Expect } from "../cases/schema.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import type { Call } from "../tools/types.js";
import { grade } from "./grade.js";

const ALL = [...TOOL_NAMES];
const CALLS: Call[] = [
  { name: "get_weather", arguments: { city: "Rome" } },
  { name: "calculator", arguments: { expression: "17 * 23" } },
  { name: "convert_currency", arguments: { amount: 250, from_currency: "EUR", to_currency: "JPY" } },
  { name: "translate", arguments: { text: "Good morning, everyone!", target_language: "de" } },
  { name: "get_time", arguments: { timezone: "Asia/Tokyo" } },
];

const json = (value: unknown) => JSON.stringify(value);
const pyValue = (value: unknown) => (typeof value === "string" ? json(value) : String(value));
const py = (call: Call) =>
  `${call.name}(${Object.entries(call.arguments)
    .map(([k, v]) => `${k}=${pyValue(v)}`)
    .join(", ")})`;
const xmlParams = (call: Call, sep = "\n") =>
  Object.entries(call.arguments)
    .map(([k, v]) => `<parameter=${k}>${sep}${typeof v === "string" ? v : json(v)}${sep}</parameter>`)
    .join(sep);

/** One call written the way each family writes it. */
const FAMILIES: Record<string, (call: Call) => string> = {
  hermes: (c) => `<tool_call>\n${json({ name: c.name, arguments: c.arguments })}\n</tool_call>`,
  qwen3_coder: (c) => `<tool_call>\n<function=${c.name}>\n${xmlParams(c)}\n</function>\n</tool_call>`,
  mistral_v3: (c) => `[TOOL_CALLS]${json([{ name: c.name, arguments: c.arguments }])}`,
  mistral_v11: (c) => `[TOOL_CALLS]${c.name}[ARGS]${json(c.arguments)}`,
  llama31_json: (c) => json({ name: c.name, parameters: c.arguments }),
  llama31_tag: (c) => `<|python_tag|>${json({ name: c.name, parameters: c.arguments })}`,
  llama32_pythonic: (c) => `[${py(c)}]`,
  llama4_pythonic: (c) => `<|python_start|>[${py(c)}]<|python_end|>`,
  granite: (c) => `<|tool_call|>${json([{ name: c.name, arguments: c.arguments }])}`,
  granite_tag: (c) => `<tool_call>${json([{ name: c.name, arguments: c.arguments }])}`,
  deepseek_v3: (c) =>
    `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${c.name}\n\`\`\`json\n${json(c.arguments)}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  deepseek_v31: (c) =>
    `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>${c.name}<｜tool▁sep｜>${json(c.arguments)}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  command_r: (c) => `Action: \`\`\`json\n${json([{ tool_name: c.name, parameters: c.arguments }])}\n\`\`\``,
  command_r7b: (c) =>
    `<|START_ACTION|>${json([{ tool_call_id: "0", tool_name: c.name, parameters: c.arguments }])}<|END_ACTION|>`,
  gemma_tool_code: (c) => `\`\`\`tool_code\n${py(c)}\n\`\`\``,
  phi4_mini: (c) => `functools${json([{ name: c.name, arguments: c.arguments }])}`,
  internlm: (c) =>
    `<|action_start|><|plugin|>\n${json({ name: c.name, parameters: c.arguments })}<|action_end|>`,
  jamba: (c) => `<tool_calls>${json([{ name: c.name, arguments: c.arguments }])}</tool_calls>`,
  kimi_k2: (c) =>
    `<|tool_calls_section_begin|><|tool_call_begin|>functions.${c.name}:0<|tool_call_argument_begin|>${json(c.arguments)}<|tool_call_end|><|tool_calls_section_end|>`,
  glm45: (c) =>
    `<tool_call>${c.name}\n${Object.entries(c.arguments)
      .map(
        ([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${typeof v === "string" ? v : json(v)}</arg_value>`,
      )
      .join("\n")}\n</tool_call>`,
  xlam: (c) => json([{ name: c.name, arguments: c.arguments }]),
  minimax: (c) => `<tool_calls>\n${json({ name: c.name, arguments: c.arguments })}\n</tool_calls>`,
  seed_oss: (c) =>
    `<seed:tool_call>\n<function=${c.name}>\n${xmlParams(c, "")}\n</function>\n</seed:tool_call>`,
  functionary_v31: (c) => `<function=${c.name}>${json(c.arguments)}</function>`,
  openai_tool_calls: (c) =>
    json({
      tool_calls: [
        { id: "call_1", type: "function", function: { name: c.name, arguments: json(c.arguments) } },
      ],
    }),
  harmony: (c) =>
    `<|channel|>analysis<|message|>The user needs ${c.name}.<|end|><|start|>assistant<|channel|>commentary to=functions.${c.name} <|constrain|>json<|message|>${json(c.arguments)}<|call|>`,
  harmony_recipient_first: (c) =>
    `<|start|>assistant to=functions.${c.name}<|channel|>commentary json<|message|>${json(c.arguments)}<|call|>`,
};

/** Ways a serving stack or a model wraps the same call. */
const WRAPPERS: Record<string, (call: string) => string> = {
  bare: (call) => call,
  qwen_thinking: (call) => `<think>\nThe user asks for this; one call is enough.\n</think>\n\n${call}`,
  preamble: (call) => `I'll look that up for you.\n${call}`,
  eot_repeat_gemma: (call) => `${call}<end_of_turn>\n${call}`,
  eot_repeat_granite: (call) => `${call}<|end_of_text|>\n${call}`,
  eot_repeat_command_r: (call) => `${call}<|END_OF_TURN_TOKEN|>${call}`,
  eot_repeat_llama: (call) => `${call}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n${call}`,
  eot_repeat_qwen: (call) => `${call}<|im_end|>\n<|im_start|>assistant\n${call}`,
};
// Harmony carries its own channels and tokens; a preamble or a think block is not a harmony shape.
const HARMONY_WRAPPERS = new Set(["bare", "eot_repeat_granite"]);

function callCase(call: Call): Case {
  return {
    id: `${call.name}-en-01`,
    lang: "en",
    category: call.name,
    difficulty: "easy",
    tools: ALL,
    messages: [{ role: "user", content: "…" }],
    expect: { call: { name: call.name, arguments: call.arguments } } as Expect,
  };
}

describe("real-world call shapes are graded as the calls they are", () => {
  let count = 0;
  for (const [family, render] of Object.entries(FAMILIES)) {
    for (const [wrapper, wrap] of Object.entries(WRAPPERS)) {
      if (family.startsWith("harmony") && !HARMONY_WRAPPERS.has(wrapper)) continue;
      // A Python-style call after a sentence on the same line would be a mention; the preamble ends its line.
      const cases = CALLS.map((call) => [call, wrap(render(call))] as const);
      count += cases.length;
      it(`${family} / ${wrapper}`, () => {
        for (const [call, output] of cases) {
          const verdict = grade(callCase(call), { id: "x", protocol: "json", output });
          expect({ output, passed: verdict.passed, reason: verdict.reason }).toEqual({
            output,
            passed: true,
            reason: expect.stringMatching(/^correct call/),
          });
        }
      });
    }
  }
  it("covers hundreds of replies", () => expect(count).toBeGreaterThanOrEqual(500));
});

const NO_CALL_REPLIES: { reply: string; expect: Expect; behaviour: "answer" | "refusal" | "question" }[] = [
  { reply: "The capital of Australia is Canberra.", expect: { no_call: "answer" }, behaviour: "answer" },
  {
    reply:
      "<|channel|>analysis<|message|>Simple fact.<|end|><|start|>assistant<|channel|>final<|message|>Canberra is the capital of Australia.<|return|>",
    expect: { no_call: "answer", answer_contains_all: ["Canberra"] },
    behaviour: "answer",
  },
  {
    reply: "<think>No tool needed.</think>\n\nIt's Canberra.<|im_end|>",
    expect: { no_call: "answer" },
    behaviour: "answer",
  },
  {
    reply: "Canberra.<end_of_turn>\n<start_of_turn>user",
    expect: { no_call: "answer" },
    behaviour: "answer",
  },
  {
    reply: "Canberra is the capital.<|END_OF_TURN_TOKEN|>",
    expect: { no_call: "answer" },
    behaviour: "answer",
  },
  { reply: "Canberra.<|end_of_text|>", expect: { no_call: "answer" }, behaviour: "answer" },
  {
    reply: '{"name": null, "arguments": {}, "response": "Canberra."}',
    expect: { no_call: "answer" },
    behaviour: "answer",
  },
  {
    reply: "I would normally send a `<tool_call>` block here, but this is general knowledge: Canberra.",
    expect: { no_call: "answer" },
    behaviour: "answer",
  },
  {
    reply:
      '`get_weather(city="Rome")` is the call I would make, but I cannot check live weather without it being needed.',
    expect: { no_call: "abstain" },
    behaviour: "refusal",
  },
  {
    reply: "I'm sorry, but I can't order a pizza: none of my tools can place orders.",
    expect: { no_call: "refuse" },
    behaviour: "refusal",
  },
  {
    reply: "К сожалению, я не могу заказать пиццу.<|im_end|>",
    expect: { no_call: "refuse" },
    behaviour: "refusal",
  },
  {
    reply: "Which city would you like the weather for?<|eot_id|>",
    expect: { no_call: "clarify" },
    behaviour: "question",
  },
  {
    reply: "<think>City missing.</think>Для какого города показать погоду?",
    expect: { no_call: "clarify" },
    behaviour: "question",
  },
  {
    reply:
      "<|channel|>analysis<|message|>No city given.<|end|><|start|>assistant<|channel|>final<|message|>Sure — which city should I check?<|return|>",
    expect: { no_call: "clarify" },
    behaviour: "question",
  },
  {
    reply: "Could you tell me how long the timer should run?</s>",
    expect: { no_call: "clarify" },
    behaviour: "question",
  },
];

describe("real-world no-call replies are graded by what they do", () => {
  for (const { reply, expect: want, behaviour } of NO_CALL_REPLIES) {
    it(`${behaviour}: ${reply.slice(0, 50)}`, () => {
      const testCase = {
        ...callCase(CALLS[0] as Call),
        id: "negative-en-01",
        category: "negative",
        kind: "knowledge" as const,
        expect: want,
      };
      const verdict = grade(testCase, { id: "x", protocol: "json", output: reply });
      expect(verdict).toMatchObject({ passed: true, calls: [], malformed: false, behaviour });
    });
  }
});
