/**
 * Round 9's shape class (issue 25, fresh blind set d1s; docs/spec-conformance.md E16): Anthropic's invoke blocks, a
 * dialect beyond SPEC §3.1's chain, hand-checked through `grade` with controls, then seeded relations (fast-check,
 * 200 draws each). Every test of a call fails on tooluse 2.10.0, which read no invoke block.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradingProfile } from "./profiles.js";
import { CITIES } from "./test-support/phrase-grammars.js";
import {
  ATTEMPT,
  CALL,
  callCase,
  MENTION,
  shapeReading,
  weatherCase,
} from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2909;
const rome = weatherCase("en", "Rome");
const P = "parameter";
const reading = (output: string) => {
  const { passed, malformed, calls, lenient } = shapeReading(rome, output, "xml");
  return { passed, malformed, calls, lenient };
};
const invoke = (city: string, ns = "") =>
  `<${ns}invoke name="get_weather">\n<${ns}${P} name="city">${city}</${ns}${P}>\n</${ns}invoke>`;
const wrapped = (body: string, ns = "") => `<${ns}function_calls>\n${body}\n</${ns}function_calls>`;

describe("E16: Anthropic's invoke blocks are calls in a named dialect", () => {
  it("reads the wrapped block, a bare invoke and Claude 3's tool_name form, naming dialect=invoke", () => {
    const named = { ...CALL, lenient: ["dialect=invoke"] };
    expect(reading(wrapped(invoke("Rome")))).toEqual(named);
    expect(reading(invoke("Rome"))).toEqual(named);
    expect(
      reading(
        "<invoke><tool_name>get_weather</tool_name><parameters><city>Rome</city></parameters></invoke>",
      ),
    ).toEqual(named);
    expect(reading(wrapped(invoke("Rome", "ns:"), "ns:"))).toEqual(named);
  });
  it("reads typed values and several parameters", () => {
    const timer = callCase("en", "set_timer", { seconds: 300, label: "tea" });
    const output = wrapped(
      `<invoke name="set_timer">\n<${P} name="seconds">300</${P}>\n<${P} name="label">tea</${P}>\n</invoke>`,
    );
    expect(shapeReading(timer, output, "xml")).toMatchObject(CALL);
  });
  it("a wrapper whose invoke closed is whole without </function_calls> (a stop sequence) or cut inside it", () => {
    expect(reading(`<function_calls>\n${invoke("Rome")}\n`)).toMatchObject(CALL);
    expect(reading(`<function_calls>\n${invoke("Rome")}\n</function_ca`)).toMatchObject(CALL);
    expect(reading(`<function_calls>\n${invoke("Rome")}\n\nLet me know if you need more.`)).toMatchObject(
      CALL,
    );
  });
  it("an invoke cut before it closed is a malformed attempt (E8)", () => {
    expect(reading(`<function_calls>\n<invoke name="get_weather">\n<${P} name="city">Ro`)).toEqual({
      ...ATTEMPT,
      lenient: [],
    });
  });
  it("two invokes in one wrapper are two calls", () => {
    expect(reading(wrapped(`${invoke("Rome")}\n${invoke("Paris")}`))).toMatchObject({
      calls: 2,
      passed: false,
    });
  });
  it("a tag inside a sentence is a mention, not a call or an attempt (controls for item 4)", () => {
    expect(
      reading(`I would write <invoke name="get_weather"> with a city parameter, but I won't send it.`),
    ).toEqual({
      ...MENTION,
      lenient: [],
    });
    expect(
      reading(`Here's how it would look:\n\n${wrapped(invoke("Rome"))}\n\nI won't run it.`),
    ).toMatchObject(MENTION);
  });
  it("spec1 reads SPEC §3.1's chain only: no call, and no attempt (the SPEC names no such tag)", () => {
    const spec1 = gradingProfile("spec1");
    const verdict = spec1.grade(rome, { id: rome.id, protocol: "xml", output: wrapped(invoke("Rome")) });
    expect({ calls: verdict.calls.length, malformed: verdict.malformed, passed: verdict.passed }).toEqual(
      MENTION,
    );
  });
});

describe("E16 generated: any city, prefix, wrapper and spacing", () => {
  const draw = fc.record({
    city: fc.constantFrom(...CITIES),
    ns: fc.constantFrom("", "ns:", "fn:"),
    wrapper: fc.constantFrom("closed", "open", "none"),
    gap: fc.constantFrom("\n", "", "\n\n", "  "),
  });
  const build = ({ city, ns, wrapper, gap }: { city: string; ns: string; wrapper: string; gap: string }) => {
    const body = `<${ns}invoke name="get_weather">${gap}<${ns}${P} name="city">${city}</${ns}${P}>${gap}</${ns}invoke>`;
    if (wrapper === "none") return body;
    return `<${ns}function_calls>${gap}${body}${gap}${wrapper === "closed" ? `</${ns}function_calls>` : ""}`;
  };
  it("standing as the reply it is the call, named", () => {
    fc.assert(
      fc.property(draw, (value) => {
        const output = build(value);
        expect({ output, ...shapeReading(weatherCase("en", value.city), output, "xml") }).toMatchObject({
          output,
          ...CALL,
          lenient: ["dialect=invoke"],
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
  it("cut anywhere inside its parameter, it is a malformed attempt", () => {
    fc.assert(
      fc.property(draw, fc.integer({ min: 1, max: 40 }), (value, cut) => {
        const whole = build({ ...value, wrapper: "none" });
        const at = whole.indexOf("</") - (cut % (value.city.length + 1));
        const output = whole.slice(0, Math.max(at, whole.indexOf(">") + 1));
        expect({ output, ...shapeReading(weatherCase("en", value.city), output, "xml") }).toMatchObject({
          output,
          ...ATTEMPT,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("fresh set d2s: what leads into a second shape is its preface, and a value where a key goes", () => {
  const call = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;
  const second = (city: string) => `{"city": "${city}"}`;
  it("a call followed by a sentence that introduces another shape as hypothetical stays the call", () => {
    const output = `${call("Rome")}\n\nFor reference, the call for Paris would be ${second("Paris")} — tell me if you want it.`;
    expect(reading(output)).toMatchObject(CALL);
    expect(
      reading(`${call("Rome")}\n\nДля справки, запрос для Парижа был бы таким:\n${call("Paris")}`),
    ).toMatchObject(CALL);
  });
  it("a remark on the call itself still frames it (controls: held on 2.10.0)", () => {
    expect(reading(`${call("Rome")}\n\nThat would return the forecast.`)).toMatchObject(MENTION);
    // The second call is made, the first said not sent: one call, Paris's.
    expect(reading(`${call("Rome")}\n\nI won't send this one.\n\n${call("Paris")}`)).toMatchObject({
      calls: 1,
    });
  });
  it("holds for every hypothetical lead drawn (generated)", () => {
    const lead = fc.constantFrom(
      "For reference, the call for CITY would be ",
      "The same request for CITY would look like this:\n",
      "If you also wanted CITY, it would be:\n",
      "Для справки, запрос для CITY выглядел бы так: ",
      "Обратный запрос (CITY) был бы таким:\n",
    );
    const tail = fc.constantFrom(
      "",
      " — tell me if you want that too.",
      "\n\nJust say the word.",
      " Скажите, если нужно.",
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...CITIES),
        fc.constantFrom(...CITIES),
        lead,
        tail,
        fc.boolean(),
        (a, b, l, t, full) => {
          const output = `${call(a)}\n\n${l.replace("CITY", b)}${full ? call(b) : second(b)}${t}`;
          expect({ output, ...shapeReading(weatherCase("en", a), output, "json") }).toMatchObject({
            output,
            ...CALL,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
  it("a Qwen-XML parameter whose key is a value is a broken block, a malformed attempt (E11)", () => {
    const note = callCase("en", "save_note", { text: "sink valve" });
    const block = (key: string) =>
      `<tool_call><function=save_note><parameter=${key}></parameter></function></tool_call>`;
    expect(shapeReading(note, block("sink valve: 1/2 inch compression fitting"), "xml")).toMatchObject(
      ATTEMPT,
    );
    const whole =
      "<tool_call><function=save_note><parameter=text>sink valve</parameter></function></tool_call>";
    expect(shapeReading(note, whole, "xml")).toMatchObject(CALL);
    fc.assert(
      fc.property(
        fc.constantFrom("sink valve", "Купить молоко", "call mom at 5", "note: buy milk", "1/2 inch"),
        (value) => {
          const output = block(value);
          expect({ output, ...shapeReading(note, output, "xml") }).toMatchObject({ output, ...ATTEMPT });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
