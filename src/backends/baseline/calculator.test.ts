import { describe, expect, it } from "vitest";
import { calculatorRule, extractExpression } from "./calculator.js";

const expression = (text: string) => calculatorRule.match(text, []);

describe("calculatorRule", () => {
  it.each([
    ["What is 45 + 12?", "45 + 12"],
    ["what is 15% of 80", "15/100*80"],
    ["17 squared", "17^2"],
    ["What is the square root of 144?", "sqrt(144)"],
    ["What is twenty five times four?", "25 * 4"],
    ["What is four hundred and twelve times thirty-seven?", "412 * 37"],
    ["Calculate (45 + 12) * 3", "(45 + 12) * 3"],
    ["What's 2 to the power of 10?", "2^10"],
    ["How much is 100 divided by 8?", "100 / 8"],
    ["How much is an 18% tip on a $64.50 bill?", "18/100*64.50"],
    ["Divide 100 by 4", "(100/4)"],
    ["What is 3 x 4?", "3*4"],
  ])("EN %s → %s", (text, want) => {
    expect(expression(text)).toEqual({ name: "calculator", arguments: { expression: want } });
  });

  it.each([
    ["сколько будет 12 умножить на 7", "12 * 7"],
    ["Сколько будет сто двадцать разделить на три?", "120 / 3"],
    ["Чему равен корень из 81?", "sqrt(81)"],
    ["Сколько будет 5 в квадрате?", "5^2"],
    ["Посчитай 2,5 плюс 1,5", "2.5 + 1.5"],
    ["Сколько будет 20 процентов от 150?", "20/100*150"],
  ])("RU %s → %s", (text, want) => {
    expect(expression(text)).toEqual({ name: "calculator", arguments: { expression: want } });
  });

  it("asks what to calculate when told to calculate nothing in particular", () => {
    expect(expression("Calculate, please.")).toBe("clarify");
    expect(expression("Посчитай.")).toBe("clarify");
  });

  it.each([
    "What's the capital of Australia?",
    "World War II lasted 1939-1945.",
    "I have 3 cats",
    "Tell me about the year 1969",
  ])("leaves %s alone", (text) => {
    expect(expression(text)).toBeNull();
  });

  it("only returns expressions the evaluator accepts", () => {
    expect(extractExpression("what is 2 + + ?")).toBeNull();
    expect(extractExpression("what is (1 + 2")).toBe("1 + 2");
  });
});
