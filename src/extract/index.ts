/** The ToolUse.1 extractor chain (spec §3.1): raw model output → tool calls, prose and a malformed flag. */
import { CATALOGUE } from "../tools/catalogue.js";
import type { ToolSpec } from "../tools/types.js";
import { extractBareArguments } from "./bare-arguments.js";
import { extractDeepSeek } from "./deepseek.js";
import { explicitNoCall } from "./explicit-no-call.js";
import { readHarmony } from "./harmony.js";
import { extractJson } from "./json.js";
import { looksLikeCallAttempt } from "./malformed.js";
import { blankInlineMentions } from "./mentions.js";
import { extractPlain } from "./plain.js";
import { proseWithout, tidy } from "./prose.js";
import { extractPythonic } from "./pythonic.js";
import { readJsonCandidates } from "./scanner.js";
import { stripThinking } from "./thinking.js";
import type { ExtractContext, Extraction, Extractor, ExtractorName, JsonCandidate, Span } from "./types.js";
import { extractXml } from "./xml.js";

export { stripThinking } from "./thinking.js";
export type { Extraction, ExtractorName } from "./types.js";

export interface ExtractOptions {
  /** The tools offered this turn; bare argument objects are matched against them. Default: the nine. */
  tools?: readonly ToolSpec[];
  /**
   * Whether a `TOOL name | k=v` line is call syntax. Default true (SPEC §3.1 lists it in every protocol);
   * the 2.0 rules pass false outside the plain protocol, where such a line is text the model was asked to repeat.
   */
  plainLine?: boolean;
  /**
   * The 2.0 reading of mentions (default false, SPEC 1.0): inline code inside prose is talk about a call, not
   * a call; shapes beyond the spec's chain (Python-style) count only when they are the whole reply; a reply
   * `{"name": null, …}` is an explicit no-call.
   */
  mentions?: boolean;
}

interface RegisteredExtractor {
  name: ExtractorName;
  extract: Extractor;
}

/** Spec §3.1 priority order; the first extractor that yields a call wins, so nothing is read twice. */
const EXTRACTORS: readonly RegisteredExtractor[] = [
  { name: "xml", extract: extractXml },
  // DeepSeek's special-token blocks are tagged call blocks too; the spec names no fifth family.
  { name: "xml", extract: extractDeepSeek },
  { name: "json", extract: extractJson },
  { name: "plain", extract: extractPlain },
  // Not in the spec's list: BFCL's prompt mode and several chat templates ask for Python-style calls.
  { name: "pythonic", extract: extractPythonic },
  { name: "bare_arguments", extract: extractBareArguments },
];

const DEFAULT_TOOLS: readonly ToolSpec[] = Object.values(CATALOGUE);
const toolNameCache = new WeakMap<readonly ToolSpec[], ReadonlySet<string>>();

function toolNamesOf(tools: readonly ToolSpec[]): ReadonlySet<string> {
  let names = toolNameCache.get(tools);
  if (names === undefined) {
    names = new Set(tools.flatMap((tool) => [tool.name, ...tool.aliases]));
    toolNameCache.set(tools, names);
  }
  return names;
}

/** The facts the extractors share for one text; the JSON scan is done on first need (a class: no closure per output). */
class Context implements ExtractContext {
  private candidates: readonly JsonCandidate[] | undefined;
  constructor(
    readonly tools: readonly ToolSpec[],
    readonly toolNames: ReadonlySet<string>,
    private readonly text: string,
  ) {}

  jsonCandidates(): readonly JsonCandidate[] {
    this.candidates ??= readJsonCandidates(this.text);
    return this.candidates;
  }
}

/**
 * Reads the tool calls out of one raw model output. Thinking and leaked template tokens are stripped
 * first; then xml, json, plain and bare_arguments are tried in that order. Never throws on any string.
 * @example extractCalls("TOOL get_weather | city=Berlin")
 * // { calls: [{ name: "get_weather", arguments: { city: "Berlin" } }], malformed: false, prose: "", shape: "plain" }
 */
export function extractCalls(raw: string, options: ExtractOptions = {}): Extraction {
  const harmony = readHarmony(raw);
  if (harmony && harmony.calls.length > 0) {
    return { calls: harmony.calls, malformed: false, prose: tidy(harmony.text), shape: "harmony" };
  }
  const tools = options.tools ?? DEFAULT_TOOLS;
  const text = stripThinking(harmony ? harmony.text : raw);
  const mentions = options.mentions ?? false;
  // Blanking keeps every offset, so spans found in `seen` cut the same ranges out of `text`.
  const seen = mentions ? blankInlineMentions(text) : text;
  const context = new Context(tools, toolNamesOf(tools), seen);
  const plainLine = options.plainLine ?? true;
  for (const extractor of EXTRACTORS) {
    if (!plainLine && extractor.name === "plain") continue;
    const result = extractor.extract(seen, context);
    if (result.calls.length === 0) continue;
    const prose = proseWithout(text, result.spans);
    // A shape the spec does not list is a call only on lines of its own; inside a sentence it is a mention.
    if (mentions && BEYOND_SPEC.has(extractor.name) && !onOwnLines(seen, result.spans)) continue;
    return { calls: result.calls, malformed: false, prose, shape: extractor.name };
  }
  if (mentions) {
    const said = explicitNoCall(seen, context.jsonCandidates());
    if (said !== undefined) return { calls: [], malformed: false, prose: tidy(said), shape: null };
  }
  const malformed = (harmony?.malformed ?? false) || looksLikeCallAttempt(seen, { plainLine, mentions });
  return { calls: [], malformed, prose: tidy(text), shape: null };
}

/**
 * Whether `extractCalls(raw, { tools })` — the default options — returns what this extraction of the same text with
 * the same tools returned under whatever options it was made with, so a second reading can be skipped. True when the
 * options could not have mattered: harmony calls (read before any option applies), or calls from an extractor that
 * runs before the plain-line one and is no shape beyond the spec (xml, json), or from the plain-line one itself
 * (which the defaults run), in text without backticks (so there was no inline mention to blank).
 */
export function readsAsDefaults(raw: string, extraction: Extraction): boolean {
  const shape = extraction.shape;
  if (shape === "harmony") return true;
  return (shape === "xml" || shape === "json" || shape === "plain") && !raw.includes("`");
}

/** Extractor families beyond SPEC §3.1's chain. */
const BEYOND_SPEC: ReadonlySet<ExtractorName> = new Set(["pythonic"]);

/** Around a call on its own line only list brackets, separators, fence markers and special tokens may stand. */
const LINE_FRAME = /^(?:[\s[\],;`]|<\|[a-z_]+\|>|```[a-z_]*)*$/i;

/** Every span sits on lines of its own: nothing but framing before it on its first line or after it on its last. */
function onOwnLines(text: string, spans: readonly Span[]): boolean {
  return spans.every((span) => {
    const lineStart = text.lastIndexOf("\n", span.start - 1) + 1;
    const newline = text.indexOf("\n", span.end);
    const lineEnd = newline === -1 ? text.length : newline;
    return (
      LINE_FRAME.test(text.slice(lineStart, span.start)) && LINE_FRAME.test(text.slice(span.end, lineEnd))
    );
  });
}
