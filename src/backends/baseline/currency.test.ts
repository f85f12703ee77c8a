import { describe, expect, it } from "vitest";
import { currencyRule } from "./currency.js";

const match = (text: string) => currencyRule.match(text, []);
const call = (amount: number, from: string, to: string) => ({
  name: "convert_currency",
  arguments: { amount, from_currency: from, to_currency: to },
});

describe("currencyRule", () => {
  it.each([
    ["Convert 100 USD to EUR", call(100, "USD", "EUR")],
    ["$50 in euros", call(50, "USD", "EUR")],
    ["How many euros is 50 dollars?", call(50, "USD", "EUR")],
    ["How much is 1,500 yen in British pounds?", call(1500, "JPY", "GBP")],
    ["quick one, 5k indian rupees in us dollars?", call(5000, "INR", "USD")],
    ["What's the USD to EUR exchange rate?", call(1, "USD", "EUR")],
    ["сколько будет 100 долларов в рублях", call(100, "USD", "RUB")],
    ["Переведи 2500 рублей в евро", call(2500, "RUB", "EUR")],
    ["Сколько тенге за двести долларов?", call(200, "USD", "KZT")],
  ])("%s", (text, want) => {
    expect(match(text)).toEqual(want);
  });

  it("asks for the amount when only the target is given", () => {
    for (const text of ["Сколько это в евро?", "How much is that in euros?"]) {
      const result = match(text);
      expect(result !== null && typeof result === "object" && "ask" in result).toBe(true);
    }
    expect(match("Какой курс евро?")).toBeNull();
  });

  it("asks for the target currency when only the source is given", () => {
    expect(match("I'm exchanging 250 Canadian dollars, how much will I get?")).toBe("clarify");
    expect(match("Обменяй 100 долларов")).toBe("clarify");
  });

  it("leaves pounds of flour and prices without a target to other rules", () => {
    expect(match("Convert 10 pounds to kilograms")).toBeNull();
    expect(match("A coffee costs $4. Is that expensive?")).toBeNull();
  });
});
