import { describe, expect, it } from "vitest";
import { freshSearchRule, searchRule } from "./search.js";

const match = (text: string) => searchRule.match(text, []);

describe("searchRule", () => {
  it.each([
    ["Search the web for best ramen in Tokyo", "best ramen in Tokyo"],
    ['Google "typescript 6 release date"', "typescript 6 release date"],
    ["Look up the population of Iceland online", "the population of Iceland"],
    ["What's the latest news about SpaceX?", "What's the latest news about SpaceX"],
    ['Найди в интернете "рецепт борща"', "рецепт борща"],
    ["Поищи в интернете информацию о выставке Моне", "выставке Моне"],
    ["Пробей по запросу «Эрмитаж часы работы»", "Эрмитаж часы работы"],
  ])("%s → %s", (text, query) => {
    expect(match(text)).toEqual({ name: "web_search", arguments: { query } });
  });

  it("asks what to search for when there is nothing to search", () => {
    expect(match("Search the web.")).toBe("clarify");
  });

  it("leaves questions that do not ask for a search alone", () => {
    expect(match("What's the capital of Australia?")).toBeNull();
    expect(match("Find x if 2x = 10")).toBeNull();
  });
});

describe("freshSearchRule", () => {
  const fresh = (text: string) => freshSearchRule.match(text, []);

  it.each([
    ["Who won the Lakers game last night?", "Who won the Lakers game last night"],
    ["How are Tesla shares doing today?", "How are Tesla shares doing today"],
    ["Кто вчера выиграл — «Зенит» или «Спартак»?", "Кто вчера выиграл — «Зенит» или «Спартак»"],
  ])("searches the question itself: %s", (text, query) => {
    expect(fresh(text)).toEqual({ name: "web_search", arguments: { query } });
  });

  it("leaves stable questions and statements alone", () => {
    expect(fresh("What's the capital of Australia?")).toBeNull();
    expect(fresh("I went to the gym today.")).toBeNull();
    expect(fresh("В каком году Гагарин полетел в космос?")).toBeNull();
  });
});
