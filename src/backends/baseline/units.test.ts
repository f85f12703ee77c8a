import { describe, expect, it } from "vitest";
import { unitsRule } from "./units.js";

const match = (text: string) => unitsRule.match(text, []);
const call = (value: number, from: string, to: string) => ({
  name: "convert_units",
  arguments: { value, from_unit: from, to_unit: to },
});

describe("unitsRule", () => {
  it.each([
    ["5 miles in km", call(5, "mile", "kilometer")],
    ["Convert 100 degrees Fahrenheit to Celsius", call(100, "fahrenheit", "celsius")],
    ["How many feet are in 3 meters?", call(3, "meter", "foot")],
    ["How many pounds is 5 kilograms?", call(5, "kilogram", "pound")],
    ["Convert 30°C to °F", call(30, "celsius", "fahrenheit")],
    ["What is -40 degrees Celsius in Fahrenheit?", call(-40, "celsius", "fahrenheit")],
    ["I'm 6 feet tall. What's that in centimeters?", call(6, "foot", "centimeter")],
    [
      "The sign said 100 km/h. How fast is that in miles per hour?",
      call(100, "kilometers_per_hour", "miles_per_hour"),
    ],
    ["10 километров в милях", call(10, "kilometer", "mile")],
    ["Сколько метров в пяти милях?", call(5, "mile", "meter")],
    ["Переведи 3 литра в галлоны", call(3, "liter", "gallon")],
    ["Рост шесть футов. Это сколько в сантиметрах?", call(6, "foot", "centimeter")],
    ["Сколько метров в секунду будет 20 узлов?", call(20, "knot", "meters_per_second")],
    ["На улице минус пятнадцать градусов. А по Фаренгейту это сколько?", call(-15, "celsius", "fahrenheit")],
  ])("%s", (text, want) => {
    expect(match(text)).toEqual(want);
  });

  it("asks for the target unit when told to convert a quantity into nothing", () => {
    expect(match("Convert 5 miles")).toBe("clarify");
  });

  it("leaves knowledge questions and durations alone", () => {
    expect(match("Сколько байт в килобайте?")).toBeNull();
    expect(match("How many centimeters in an inch?")).toBeNull();
    expect(match("Set a timer for 10 minutes")).toBeNull();
    expect(match("I ran 5 km in Berlin")).toBeNull();
  });
});
