import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../tools/catalogue.js";
import { mostLenient, resolveTool, resolveToolName } from "./resolve-tool.js";

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
    expect(resolveToolName("math_factorial", [dotted])).toEqual({
      tool: dotted,
      resolution: "mangled",
      mangled: true,
    });
    expect(resolveToolName("Math_Factorial", [dotted])?.mangled).toBe(true);
    expect(resolveToolName("math.factorial", [dotted])).toEqual({
      tool: dotted,
      resolution: "exact",
      mangled: false,
    });
  });

  it("prefers a tool offered under the underscored name, and never mangles the other way", () => {
    expect(resolveToolName("math_factorial", [dotted, underscored])).toEqual({
      tool: underscored,
      resolution: "exact",
      mangled: false,
    });
    expect(resolveToolName("math.factorial", [underscored])).toBeUndefined();
  });
});

describe("resolveToolName: how a name was resolved", () => {
  const tool = (name: string, aliases: string[] = []) => ({ name, description: "", parameters: [], aliases });
  const area = tool("calculate_triangle_area");
  const intersect = tool("functions.intersect");

  it.each([
    ["calculate_triangle_area", "exact"],
    ["CALCULATE_TRIANGLE_AREA", "case"],
    ["calculate-triangle-area", "case"],
    ["functions.calculate_triangle_area", "prefix"],
    ["triangle_area", "alias"],
  ])("%s → %s", (name, resolution) => {
    expect(resolveToolName(name, [tool("calculate_triangle_area", ["triangle_area"])])?.resolution).toBe(
      resolution,
    );
  });

  it("finds a tool literally named with a dotted prefix, written whole, bare, or mangled", () => {
    expect(resolveToolName("functions.intersect", [intersect])?.resolution).toBe("exact");
    expect(resolveToolName("functions_intersect", [intersect])?.resolution).toBe("mangled");
    expect(resolveToolName("intersect", [intersect])?.resolution).toBe("prefix");
    expect(resolveToolName("intersects", [intersect, area])).toBeUndefined();
  });

  it("ranks several resolutions by leniency", () => {
    expect(mostLenient(["exact", "mangled", "case"])).toBe("mangled");
    expect(mostLenient(["exact", "case"])).toBe("case");
    expect(mostLenient([])).toBeUndefined();
  });
});
