import { describe, expect, it } from "vitest";
import { stripThinking } from "./thinking.js";

describe("stripThinking: reasoning blocks", () => {
  it("removes a <think> block", () => {
    expect(stripThinking("<think>Let me see.</think>Paris.")).toBe("Paris.");
  });

  it("removes a <thinking> block", () => {
    expect(stripThinking("<thinking>hmm</thinking>\nThe answer is 4.")).toBe("\nThe answer is 4.");
  });

  it("removes several blocks and keeps the text between them", () => {
    expect(stripThinking("A<think>x</think>B<think>y</think>C")).toBe("ABC");
  });

  it("drops a leading reasoning whose <think> was in the prompt", () => {
    expect(stripThinking("I should call the tool.</think>\n\nTOOL calculator | expression=2+2")).toBe(
      "\n\nTOOL calculator | expression=2+2",
    );
  });

  it("drops only up to the first </think> when no <think> precedes it", () => {
    expect(stripThinking("first</think>middle</think>end")).toBe("middle</think>end");
  });

  it("keeps the text before a block when the first </think> belongs to it", () => {
    expect(stripThinking("Intro <think>x</think> outro")).toBe("Intro  outro");
  });

  it("treats an unclosed <think> at the start as thinking to the end", () => {
    expect(stripThinking('<think>I will call {"name": "calculator", "arguments": {}}')).toBe("");
  });

  it("treats an unclosed <think> later on as thinking to the end", () => {
    expect(stripThinking("Answer: 4. <think>but maybe")).toBe("Answer: 4. ");
  });
});

describe("stripThinking: DeepSeek end-of-thinking markers", () => {
  it("drops everything before <｜end▁of▁thinking｜>", () => {
    expect(stripThinking("reasoning here<｜end▁of▁thinking｜>Final answer")).toBe("Final answer");
  });

  it("drops everything before the bare ｜end▁of▁thinking｜ marker", () => {
    expect(stripThinking("reasoning｜end▁of▁thinking｜Final")).toBe("Final");
  });

  it("drops everything before the ASCII <|end_of_thinking|> spelling", () => {
    expect(stripThinking("reasoning<|end_of_thinking|>Final")).toBe("Final");
  });
});

describe("stripThinking: leaked chat-template tails", () => {
  it.each([
    ["<|eot_id|>"],
    ["<|im_end|>"],
    ["<|end|>"],
    ["<|start_header_id|>"],
    ["<|im_start|>"],
    ["<|endoftext|>"],
    ["</s>"],
    ["<｜end▁of▁sentence｜>"],
  ])("cuts everything from %s on", (marker) => {
    expect(stripThinking(`Paris.${marker}user\nmore text`)).toBe("Paris.");
  });

  it("cuts at the earliest marker", () => {
    expect(stripThinking("A<|im_end|>B<|eot_id|>C")).toBe("A");
  });

  it("drops an echoed assistant header at the start instead of cutting everything", () => {
    expect(stripThinking("<|im_start|>assistant\nHello<|im_end|>")).toBe("\nHello");
    expect(stripThinking("<|start_header_id|>assistant<|end_header_id|>\n\nHi<|eot_id|>")).toBe("\n\nHi");
  });

  it("cuts the tail before looking for thinking", () => {
    expect(stripThinking("done</think>Answer<|im_end|><think>next turn")).toBe("Answer");
  });
});

describe("stripThinking: plain text", () => {
  it("returns text without markers unchanged", () => {
    expect(stripThinking("Just an answer.")).toBe("Just an answer.");
  });

  it("leaves look-alike tags alone", () => {
    expect(stripThinking("<thinker>Plato</thinker>")).toBe("<thinker>Plato</thinker>");
  });
});
