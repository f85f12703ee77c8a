import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../tools/catalogue.js";
import { resolveTool, resolveToolName } from "./resolve-tool.js";

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

describe("resolveToolName: dotted names as serving runtimes mangle them", () => {
  const dotted = { name: "math.factorial", description: "", parameters: [], aliases: [] };
  const underscored = { name: "math_factorial", description: "", parameters: [], aliases: [] };

  it("matches `a_b` for an offered `a.b` and says it was mangled", () => {
    expect(resolveToolName("math_factorial", [dotted])).toEqual({ tool: dotted, mangled: true });
    expect(resolveToolName("Math_Factorial", [dotted])?.mangled).toBe(true);
    expect(resolveToolName("math.factorial", [dotted])).toEqual({ tool: dotted, mangled: false });
  });

  it("prefers a tool offered under the underscored name, and never mangles the other way", () => {
    expect(resolveToolName("math_factorial", [dotted, underscored])).toEqual({
      tool: underscored,
      mangled: false,
    });
    expect(resolveToolName("math.factorial", [underscored])).toBeUndefined();
  });
});
