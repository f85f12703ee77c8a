import { describe, expect, it } from "vitest";
import { isMentions, mentionsExample, mentionsMatch } from "./mentions.js";

const lakers = { mentions: ["Lakers", ["game", "score", "result"]] };

describe("mentions", () => {
  it("recognises only the { mentions: [...] } shape", () => {
    expect(isMentions(lakers)).toBe(true);
    expect(isMentions({ one_of: ["x"] })).toBe(false);
    expect(isMentions("Lakers")).toBe(false);
    expect(isMentions(null)).toBe(false);
  });

  it("passes text that mentions every entry, one alternative each, in any order and case", () => {
    expect(mentionsMatch(lakers, "lakers game last night")).toBe(true);
    expect(mentionsMatch(lakers, "Last night's score: LAKERS")).toBe(true);
  });

  it("fails text that misses an entry, a phrase inside another word, or a value that is not text", () => {
    expect(mentionsMatch(lakers, "Lakers")).toBe(false);
    expect(mentionsMatch(lakers, "Clippers game last night")).toBe(false);
    expect(mentionsMatch({ mentions: ["game"] }, "endgame tablebase")).toBe(false);
    expect(mentionsMatch(lakers, 42)).toBe(false);
  });

  it("matches Russian stems at a word start, so inflected forms pass", () => {
    const derby = {
      mentions: [
        ["Зенит", "Zenit"],
        ["Спартак", "Spartak"],
      ],
    };
    expect(mentionsMatch(derby, "матч Зенита и Спартака вчера")).toBe(true);
    expect(mentionsMatch(derby, "Zenit Spartak result")).toBe(true);
    expect(mentionsMatch(derby, "матч Зенита")).toBe(false);
  });

  it("builds an example that passes its own expectation", () => {
    expect(mentionsExample(lakers)).toBe("Lakers game");
    expect(mentionsMatch(lakers, mentionsExample(lakers))).toBe(true);
  });
});
