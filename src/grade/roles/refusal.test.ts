import { describe, expect, it } from "vitest";
import { isConditionalRefusal, isDecline, isRefusal } from "./refusal.js";

describe("role R: refusals with and without a negation word", () => {
  it.each([
    // R1 a negated ability of the speaker
    "i can't book hotel rooms",
    "i'm not able to reach your bank",
    "i don't have a payments tool",
    "unfortunately i lack access to live prices",
    "я не могу вызвать такси",
    "у меня нет доступа к вашей почте",
    "это не в моих силах",
    // R1 with compound or coordinated modifiers of the means
    "i don't have a clock or time-zone tool available",
    "i don't have a real-time flight-tracking service",
    "у меня нет сервиса для бронирования",
    "у меня нет инструментов для онлайн-оплаты",
    // R2 a limit
    "ordering groceries is outside what my tools cover",
    "that's beyond what i can look up here",
    "бронирование выходит за рамки моих возможностей",
    "это вне моей компетенции",
    // R3 a capability description
    "i only have a calculator and a translator",
    "my tools cover weather, time and unit conversion",
    "i can calculate, translate, convert currencies and set timers",
    "у меня есть только калькулятор",
    "я умею только считать и переводить",
    // R4 the tool is absent
    "none of the tools i have can send texts",
    "there's no tool for that",
    "the email tool isn't in this conversation",
    "среди доступных инструментов нет календаря",
    "такой функции у меня нет",
    // a decline of the task
    "i'd rather not repeat that line",
  ])("%j refuses", (text) => expect(isRefusal(text)).toBe(true));

  it.each([
    "i can't wait for your trip",
    "the capital of chile is santiago",
    "you can't divide by zero in arithmetic",
    "i can help with that",
    "не могу не отметить, что это красиво",
    "i don't have a favourite colour, but blue is popular",
  ])("%j does not", (text) => expect(isRefusal(text)).toBe(false));

  it("tells a decline and a refusal that holds only for now", () => {
    expect(isDecline("i'd rather not repeat that line")).toBe(true);
    expect(isDecline("i can't book flights")).toBe(false);
    expect(isConditionalRefusal("i can't set a timer without a duration")).toBe(true);
    expect(isConditionalRefusal("я не могу поставить таймер без времени")).toBe(true);
    expect(isConditionalRefusal("i can't book flights")).toBe(false);
  });
});

describe("role R: forms read from blind set 2's classes", () => {
  it.each([
    "ordering a pizza isn't something i'm able to do from here, sorry",
    "flight bookings fall outside the tools available to me",
    "no weather tool available to me here, sorry",
    "there's no send_email tool, so a call like ‹q› wouldn't go anywhere",
    "это не то, с чем я могу помочь напрямую",
    "не моя зона",
    "unfortunately, that's not within my current capabilities",
    "not possible from here, sorry",
    "это за гранью моих возможностей",
  ])("%j is a refusal", (text) => expect(isRefusal(text)).toBe(true));

  it.each(["no tool is needed for that", "the weather is outside, in the garden"])(
    "%j is no refusal",
    (text) => expect(isRefusal(text)).toBe(false),
  );

  it("a refusal for want of a means is absolute, whatever its 'without'", () => {
    expect(isConditionalRefusal("without a time tool i can't give you the live time")).toBe(false);
    expect(isConditionalRefusal("без доступа к интернету я не могу это проверить")).toBe(false);
    expect(isConditionalRefusal("i can't set a timer without a duration")).toBe(true);
  });
});

describe("role R: ignorance of the user's situation, difficulty, declining to answer", () => {
  it.each([
    "i don't know where your brother is",
    "извините, я не знаю, где вы находитесь",
    "it's hard to say what the rate will be",
    "курс постоянно меняется, поэтому точную сумму назвать сложно",
  ])("%j is a refusal", (text) => expect(isRefusal(text)).toBe(true));

  it.each(["лучше промолчу", "i'll pass on this one", "пожалуй, воздержусь"])("%j declines", (text) => {
    expect(isRefusal(text)).toBe(true);
    expect(isDecline(text)).toBe(true);
  });

  it("not knowing what the user meant is no refusal (it is a gap: Q3)", () =>
    expect(isRefusal("i don't know which city you mean")).toBe(false));
});
