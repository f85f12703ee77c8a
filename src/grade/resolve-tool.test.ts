import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../tools/catalogue.js";
import { resolveTool } from "./resolve-tool.js";

const ALL = Object.values(CATALOGUE);

describe("resolveTool", () => {
  it.each([
    ["calculator", "calculator"],
    ["calc", "calculator"],
    ["Calculator", "calculator"],
    ["weather", "get_weather"],
    ["get-weather", "get_weather"],
    ["functions.get_time", "get_time"],
    ["search", "web_search"],
    ["timer", "set_timer"],
  ])("%s → %s", (name, tool) => {
    expect(resolveTool(name, ALL)?.name).toBe(tool);
  });

  it("does not resolve unknown names or tools that are not offered", () => {
    expect(resolveTool("order_pizza", ALL)).toBeUndefined();
    expect(resolveTool("weather", [CATALOGUE.calculator])).toBeUndefined();
  });
});
