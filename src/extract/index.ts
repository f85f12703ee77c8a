/** The ToolUse.1 extractor chain (spec §3.1): raw model output → tool calls, prose and a malformed flag. */

import { type LenientResult, parseLenient } from "../text/lenient-json.js";
import { CATALOGUE } from "../tools/catalogue.js";
import type { Call, ToolSpec } from "../tools/types.js";
import { extractBareArguments } from "./bare-arguments.js";
import { isBrokenBlock, isKeyedByToolName } from "./broken-shapes.js";
import { callsFromValue } from "./call-shape.js";
import { cutTailStart } from "./cut-tail.js";
import { extractDeepSeek } from "./deepseek.js";
import { explicitNoCall } from "./explicit-no-call.js";
import { type HarmonyReading, readHarmony } from "./harmony.js";
import { extractInvoke, isCutInvoke } from "./invoke.js";
import { extractJson } from "./json.js";
import { looksLikeCallAttempt, standsAsAttempt } from "./malformed.js";
import {
  blankBlockQuotes,
  blankInlineMentions,
  blankSameLinePrefaces,
  blankSpans,
  callKey,
  commentShowsIt,
  framedAsNotMade,
  insideSentence,
  isTemplate,
  onlySpan,
  optionInAList,
  proseBetween,
  remarksNotMade,
  shownInProse,
  standsAsTheReply,
  tagGoesOnInWords,
} from "./mentions.js";
import { extractPlain } from "./plain.js";
import { proseWithout, tidy } from "./prose.js";
import { extractPythonic } from "./pythonic.js";
import { readJsonCandidates } from "./scanner.js";
import { hasRepairedArgumentText, isRepaired, isStandardJson, refuseRepaired } from "./strict-json.js";
import { stripThinking } from "./thinking.js";
import { unwrapToolCodePrints } from "./tool-code.js";
import type {
  Dialect,
  ExtractContext,
  Extraction,
  Extractor,
  ExtractorName,
  ExtractorResult,
  JsonCandidate,
  Span,
} from "./types.js";
import { extractXml } from "./xml.js";

export { stripThinking } from "./thinking.js";
export type { Dialect, Extraction, ExtractorName } from "./types.js";

export interface ExtractOptions {
  /** The tools offered this turn; bare argument objects are matched against them. Default: the nine. */
  tools?: readonly ToolSpec[];
  /**
   * Whether a `TOOL name | k=v` line is call syntax. Default true (SPEC §3.1 lists it in every protocol);
   * the 2.0 rules pass false outside the plain protocol, where such a line is text the model was asked to repeat.
   */
  plainLine?: boolean;
  /**
   * The 2.0 reading of mentions (default false): a call shape inside a sentence, in inline code, a block quote, an
   * example frame, with placeholder arguments or repeated after prose is talk about a call, not a call; dialects
   * beyond the spec's chain count only as the reply (src/extract/mentions.ts); a reply `{"name": null, …}` is an
   * explicit no-call.
   */
  mentions?: boolean;
  /**
   * Whether the dialects beyond SPEC §3.1's chain are read (default true): Python-style calls, GLM-4.5's
   * `<arg_key>` blocks, DeepSeek's special tokens, harmony calls and Anthropic's invoke blocks. `spec1` passes false:
   * the chain to the letter.
   */
  dialects?: boolean;
  /**
   * What a call block that never closes is (E8, docs/spec-conformance.md): `"call"` (default, SPEC 1.0 and vLLM's
   * parsers: the call it holds is read) or `"attempt"` (2.0: the output was cut inside its call, so the call is a
   * malformed attempt, not the call it might have been). Covers `<tool_call>` blocks without `</tool_call>` (Qwen XML,
   * Hermes, GLM), bare `<function=…>` blocks without `</function>` and DeepSeek calls without their end token. A TOOL
   * line ending in `k=` is an empty string, not a cut.
   */
  truncated?: "call" | "attempt";
  /**
   * What a JSON call that parses only after a repair is (E9): `"call"` (default, the lenient reader's reading, silent),
   * `"named"` (`tooluse`: read as a call, and the extraction says so in `repairedJson`, a leniency the verdict names)
   * or `"attempt"` (`spec1`: a repaired text is no JSON object, so the call is a malformed attempt).
   */
  repairedJson?: "call" | "named" | "attempt";
  /**
   * What a broken structure is (E11): `"call"` (default: whatever a reader makes of it) or `"attempt"` (`tooluse`: a
   * misnested `<tool_call>` block, a GLM key without its value, an object keyed by a tool's name are malformed).
   */
  broken?: "call" | "attempt";
}

interface RegisteredExtractor {
  name: ExtractorName;
  extract: Extractor;
  /** A dialect beyond SPEC §3.1's chain: named in the verdict's leniency, read only as the reply, not by `spec1`. */
  dialect?: Dialect;
}

/** Spec §3.1 priority order; the first extractor that yields a call wins, so nothing is read twice. */
const EXTRACTORS: readonly RegisteredExtractor[] = [
  { name: "xml", extract: extractXml },
  // DeepSeek's special-token blocks are tagged call blocks too; the spec names no fifth family.
  { name: "xml", extract: extractDeepSeek, dialect: "deepseek" },
  // Anthropic's `<invoke name=…>` blocks (Claude's prompt format): a tagged family the spec does not name (E16).
  { name: "xml", extract: extractInvoke, dialect: "invoke" },
  { name: "json", extract: extractJson },
  { name: "plain", extract: extractPlain },
  // Not in the spec's list: BFCL's prompt mode and several chat templates ask for Python-style calls.
  { name: "pythonic", extract: extractPythonic, dialect: "pythonic" },
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

/** Where a strict or a named reading (E9) notes the repaired JSON it met that would have been a call. */
interface RepairLog {
  calls: Span[];
  /** Any repaired text met, a call or not: a strict reading refused what the lenient defaults would have read. */
  any: boolean;
  /** Whether the repaired text is refused (`attempt`) or read and named (`named`). */
  refuse: boolean;
  /** A repaired body read outside the JSON scan (a call block's body, an `arguments` string): named, not refused. */
  bodyRead: boolean;
}

/** The facts the extractors share for one text; the JSON scan is done on first need (a class: no closure per output). */
class Context implements ExtractContext {
  private candidates: readonly JsonCandidate[] | undefined;
  constructor(
    readonly tools: readonly ToolSpec[],
    readonly toolNames: ReadonlySet<string>,
    readonly text: string,
    private readonly repairs?: RepairLog,
    /** With the dialects (`tooluse`): call-object keys in any case convention (call-shape.ts). */
    readonly keySpellings = false,
  ) {}

  /** Whether this context holds the facts of that text. */
  reads(text: string): boolean {
    return text === this.text;
  }

  jsonCandidates(): readonly JsonCandidate[] {
    this.candidates ??= this.strictly(readJsonCandidates(this.text));
    return this.candidates;
  }

  /** E9: under a strict reading a repaired candidate reads as nothing, and one that would have been a call is logged. */
  private strictly(candidates: JsonCandidate[]): JsonCandidate[] {
    const log = this.repairs;
    if (log === undefined) return candidates;
    return candidates.map((candidate) => {
      const { span, parsed } = candidate;
      if (span.orphan || !parsed.ok) return candidate;
      if (!isRepaired(this.text, span, parsed) && !hasRepairedArgumentText(parsed.value)) return candidate;
      log.any = true;
      if (callsFromValue(parsed.value, { toolNames: this.toolNames }).length > 0) log.calls.push(span);
      return { span, parsed: refuseRepaired(log.refuse, parsed) };
    });
  }

  readJson(text: string): LenientResult {
    const parsed = parseLenient(text);
    if (this.repairs === undefined || !parsed.ok) return parsed;
    if (isStandardJson(text) && !hasRepairedArgumentText(parsed.value)) return parsed;
    this.repairs.any = true;
    if (!this.repairs.refuse) this.repairs.bodyRead = true;
    return refuseRepaired(this.repairs.refuse, parsed);
  }
}

/**
 * Reads the tool calls out of one raw model output. Thinking and leaked template tokens are stripped
 * first; then xml, json, plain and bare_arguments are tried in that order. Never throws on any string.
 * @example extractCalls("TOOL get_weather | city=Berlin")
 * // { calls: [{ name: "get_weather", arguments: { city: "Berlin" } }], malformed: false, prose: "", shape: "plain" }
 */
export function extractCalls(raw: string, options: ExtractOptions = {}): Extraction {
  const reading = new Reading(raw, options);
  const extraction = reading.read();
  if (reading.narrowed) NARROWED.add(extraction);
  return extraction;
}

/** Extractions whose options read the text otherwise than the defaults would (a mention set aside, a dialect off). */
const NARROWED = new WeakSet<Extraction>();

/** One output being read: the text, what the extractors see of it, and the options' rules. */
class Reading {
  /** Whether a rule of the options changed what the defaults would have read (for {@link readsAsDefaults}). */
  narrowed = false;
  private readonly mentions: boolean;
  private readonly dialects: boolean;
  private readonly plainLine: boolean;
  private readonly truncatedIsAttempt: boolean;
  private readonly brokenIsAttempt: boolean;
  /** E9: repaired JSON refused under a strict reading, or noted under a named one (undefined: the silent reading). */
  private readonly repairs: RepairLog | undefined;
  /** A call block that never closed was set aside (E8): with no other call, the output is a malformed attempt. */
  private cutOff = false;
  private readonly tools: readonly ToolSpec[];
  private readonly toolNames: ReadonlySet<string>;
  /** E8's cut tail: where a call cut off after the calls starts (see cut-tail.ts), once found. */
  private tail: number | undefined;
  /** The shared facts of the text as the extractors see it now: its JSON scan is done once until a mention is blanked. */
  private context: Context | undefined;

  constructor(
    private readonly raw: string,
    private readonly options: ExtractOptions,
    /** Whether E8's cut tail is looked for: a second reading, after a tail with no call before it, turns it off. */
    private readonly cutTails = true,
  ) {
    this.mentions = options.mentions ?? false;
    this.dialects = options.dialects ?? true;
    this.plainLine = options.plainLine ?? true;
    this.truncatedIsAttempt = options.truncated === "attempt";
    this.brokenIsAttempt = options.broken === "attempt";
    this.repairs = repairLogFor(options.repairedJson);
    this.tools = options.tools ?? DEFAULT_TOOLS;
    this.toolNames = toolNamesOf(this.tools);
  }

  read(): Extraction {
    const extraction = this.readOnce();
    if (this.tail === undefined || extraction.calls.length > 0) return extraction;
    // A cut tail with no call before it is no tail after calls: the text is read as it was, fragment and all.
    const again = new Reading(this.raw, this.options, false);
    const read = again.read();
    this.narrowed = again.narrowed;
    return read;
  }

  private readOnce(): Extraction {
    const harmony = this.readHarmonyMarkup();
    if (harmony && harmony.calls.length > 0) {
      const extraction: Extraction = {
        calls: harmony.calls,
        malformed: false,
        prose: tidy(harmony.text),
        shape: "harmony",
      };
      extraction.dialect = "harmony";
      return extraction;
    }
    const text = stripThinking(harmony ? harmony.text : this.raw);
    // Blanking keeps every offset, so spans found in `seen` cut the same ranges out of `text`.
    let seen = text;
    if (this.mentions) {
      seen = blankBlockQuotes(blankInlineMentions(seen));
      if (this.plainLine || this.dialects) seen = blankSameLinePrefaces(seen, text, this.toolNames);
      if (this.dialects) seen = unwrapToolCodePrints(seen);
      if (seen !== text) this.narrowed = true;
    }
    seen = this.setAsideCutTail(seen);
    // What the malformed check reads: SPEC 1.0 sees every tag, even those of a dialect it does not read.
    const attempts = seen;
    if (!this.dialects && seen.includes("｜")) {
      seen = seen.replace(DEEPSEEK_TOKEN, (token) => " ".repeat(token.length));
      this.narrowed ||= seen !== attempts;
    }
    for (const extractor of EXTRACTORS) {
      if (!this.plainLine && extractor.name === "plain") continue;
      if (!this.dialects && extractor.dialect !== undefined) {
        this.narrowed = true;
        continue;
      }
      const found = this.readWith(extractor, seen, text);
      seen = found.seen;
      if (this.repairs?.any) this.narrowed = true;
      if (found.result === undefined) continue;
      const tail = this.tail === undefined ? [] : [{ start: this.tail, end: text.length }];
      const extraction: Extraction = {
        calls: found.result.calls,
        malformed: false,
        prose: proseWithout(text, [...found.result.spans, ...tail]),
        shape: extractor.name,
      };
      if (this.tail !== undefined) extraction.cutTail = true;
      const dialect = extractor.dialect ?? (isGlm(text, found.result.spans) ? "glm" : undefined);
      if (dialect !== undefined) extraction.dialect = dialect;
      if (this.readRepaired(found.result.spans)) extraction.repairedJson = true;
      if (this.dialects && readsRespelledKeys(this.contextFor(found.seen), found.result.spans))
        extraction.respelledKeys = true;
      return this.withPythonTagCalls(extraction, extractor, found.result, found.seen, text);
    }
    const context = this.contextFor(seen);
    if (this.mentions) {
      const said = explicitNoCall(seen, context.jsonCandidates());
      if (said !== undefined) return { calls: [], malformed: false, prose: tidy(said), shape: null };
    }
    const checked = this.dialects ? seen : attempts;
    if (this.repairs?.any) this.narrowed = true;
    const malformed =
      this.cutOff ||
      this.repairedAttempt(seen) ||
      this.keyedByToolName(context) ||
      (harmony?.malformed ?? false) ||
      looksLikeCallAttempt(checked, {
        plainLine: this.plainLine,
        mentions: this.mentions,
        tools: this.toolNames,
      });
    return { calls: [], malformed, prose: tidy(text), shape: null };
  }

  /**
   * E8's cut tail (2.9.0, cut-tail.ts): a call cut off after the calls is set aside before the extractors read, so the
   * calls before it are read whole and the mention rules do not take the fragment for words around them. With no
   * call read before it, {@link read} reads the text again without this rule. Only under the 2.0 rules (mentions and
   * cut-off blocks as attempts); SPEC 1.0 reads what its chain reads.
   */
  private setAsideCutTail(seen: string): string {
    if (!(this.cutTails && this.mentions && this.truncatedIsAttempt && this.dialects)) return seen;
    const start = cutTailStart(seen, (fragment) => extractCalls(fragment, this.options).calls.length > 0);
    if (start === undefined) return seen;
    this.tail = start;
    this.narrowed = true;
    return blankSpans(seen, [{ start, end: seen.length }]);
  }

  /**
   * (2.7.0) Llama 3.1's built-in-tool form, `<|python_tag|>NAME.call(k=v)` on a line of its own, is a call wherever it
   * stands: the token is the template's call opener, which only a model making a call writes there (E7). So a
   * python-tag line after a call of another family ("{…json…}\n<|python_tag|>calculator.call(…)") is a second call,
   * not text the first family's win leaves unread. Read by the Python-style reader, so only where dialects are read.
   */
  private withPythonTagCalls(
    extraction: Extraction,
    extractor: RegisteredExtractor,
    result: ExtractorResult,
    seen: string,
    text: string,
  ): Extraction {
    if (!this.mentions || !this.dialects || extractor.name === "pythonic") return extraction;
    const rest = blankSpans(seen, result.spans);
    if (!PYTHON_TAG_LINE.test(rest)) return extraction;
    const tagged = this.readWith(PYTHONIC, rest, text).result;
    const spans = tagged?.spans.filter((span) => PYTHON_TAG_LINE.test(lineAt(rest, span.start))) ?? [];
    if (tagged === undefined || spans.length !== tagged.spans.length) return extraction;
    this.narrowed = true;
    const all = [...result.spans, ...spans];
    const merged: Extraction = {
      ...extraction,
      calls: [...extraction.calls, ...tagged.calls],
      prose: proseWithout(text, all),
    };
    merged.dialect ??= "pythonic";
    return merged;
  }

  /**
   * gpt-oss harmony, read first (it carries its own channels). Under the mention rule a harmony call counts only
   * as the reply: not inside inline code, not after prose in the same sentence, not after a preface that shows it as
   * an example. Without dialects (SPEC 1.0) a message to a function is text for the SPEC's own chain.
   */
  private readHarmonyMarkup(): HarmonyReading | undefined {
    const source = this.mentions ? blankInlineMentions(this.raw) : this.raw;
    const harmony = readHarmony(source, { calls: this.dialects });
    if (!this.dialects && harmony && source.includes("to=")) this.narrowed = true;
    if (!this.mentions || !harmony || harmony.calls.length === 0) {
      if (source !== this.raw && harmony === undefined && readHarmony(this.raw)) this.narrowed = true;
      return harmony;
    }
    if (!shownInProse(source, source.search(HARMONY_TOKEN))) return harmony;
    this.narrowed = true;
    return undefined;
  }

  /**
   * One extractor under the mention rule: shapes it found that are mentions are blanked and the text read again, so
   * what is left are the calls. Returns the text as blanked so far (later extractors must not read a mention either).
   */
  private readWith(
    extractor: RegisteredExtractor,
    start: string,
    text: string,
  ): { result: ExtractorResult | undefined; seen: string } {
    let seen = start;
    for (let round = 0; ; round++) {
      const result = extractor.extract(seen, this.contextFor(seen));
      if (result.calls.length === 0) return { result: undefined, seen };
      const setAside = this.notCalls(extractor, result, seen, text);
      if (setAside.length === 0) return { result, seen };
      this.narrowed = true;
      if (round + 1 < MAX_ROUNDS) {
        seen = blankSpans(seen, setAside);
        continue;
      }
      // Out of rounds (a text with more shapes than a scan reads at once): keep what each remaining span says alone.
      const kept = result.spans.filter((span) => !setAside.includes(span));
      const calls = kept.flatMap((span) => this.callsIn(extractor, seen, span));
      return {
        result: calls.length > 0 ? { calls, spans: kept } : undefined,
        seen: blankSpans(seen, setAside),
      };
    }
  }

  /**
   * The spans of a result that are no calls: blocks cut off before they close (E8, under `truncated: "attempt"`),
   * mentions (mentions.ts, M1–M5), or GLM blocks SPEC 1.0 does not read.
   */
  private notCalls(
    extractor: RegisteredExtractor,
    result: ExtractorResult,
    seen: string,
    text: string,
  ): Span[] {
    if (!this.dialects) return result.spans.filter((span) => isGlm(text, [span]));
    const mentions = this.mentions ? this.mentionsIn(extractor, result, seen, text) : [];
    if (mentions.length > 0 || !(this.truncatedIsAttempt || this.brokenIsAttempt)) return mentions;
    // Mentions first: a tag cut off inside a sentence ("I'd write <function=get_weather> with…") is talk, not an attempt.
    const cut = result.spans.filter((span) => {
      const shape = seen.slice(span.start, span.end);
      const endsOutput = seen.slice(span.end).trim() === "";
      return (
        (this.truncatedIsAttempt && isCutOff(shape, endsOutput)) ||
        (this.brokenIsAttempt && isBrokenBlock(shape))
      );
    });
    if (cut.length > 0) this.cutOff = true;
    return cut;
  }

  /** M1–M5 (mentions.ts) over the spans one extractor found. */
  private mentionsIn(
    extractor: RegisteredExtractor,
    result: ExtractorResult,
    seen: string,
    text: string,
  ): Span[] {
    const spans = [...result.spans].sort((a, b) => a.start - b.start);
    const single = spans.length === 1;
    // Most outputs are the call and nothing else: with no prose around the shapes, only M3 and a tag's words can tell.
    const framed = hasProseOutside(seen, spans);
    const made: Set<string> = new Set();
    const out: Span[] = [];
    let previousEnd = 0;
    spans.forEach((span, i) => {
      const calls = single ? result.calls : this.callsIn(extractor, seen, span);
      const nextStart = spans[i + 1]?.start ?? text.length;
      const keys = single ? [] : calls.map(callKey);
      const repeat =
        made.size > 0 &&
        keys.length > 0 &&
        keys.every((key) => made.has(key)) &&
        proseBetween(seen, previousEnd, span.start);
      const beyondSpec = extractor.dialect !== undefined || isGlm(text, [span]);
      const mention =
        (framed &&
          (insideSentence(seen, span) ||
            framedAsNotMade(text, span, previousEnd, nextStart) ||
            optionInAList(seen, span))) ||
        (!framed && tagGoesOnInWords(seen, span)) ||
        remarksNotMade(seen, span) ||
        commentShowsIt(seen.slice(span.start, span.end)) ||
        isTemplate(calls) ||
        repeat ||
        (framed && beyondSpec && !standsAsTheReply(seen, [span]));
      if (mention) out.push(span);
      else for (const key of keys) made.add(key);
      previousEnd = span.end;
    });
    return out;
  }

  private contextFor(seen: string): Context {
    if (this.context === undefined || !this.context.reads(seen))
      this.context = new Context(this.tools, this.toolNames, seen, this.repairs, this.dialects);
    return this.context;
  }

  /** E11: an object whose only key is an offered tool's name, standing where a call would. */
  private keyedByToolName(context: Context): boolean {
    if (!this.brokenIsAttempt) return false;
    const seen = context.text;
    return context
      .jsonCandidates()
      .some(
        ({ span, parsed }) =>
          parsed.ok &&
          !span.orphan &&
          isKeyedByToolName(parsed.value, this.toolNames) &&
          (!this.mentions || standsAsAttempt(seen, span)),
      );
  }

  /** E9 under a named reading: whether the calls read came from repaired text (a call span or a block's body). */
  private readRepaired(spans: readonly Span[]): boolean {
    const log = this.repairs;
    if (log === undefined || log.refuse) return false;
    return log.bodyRead || log.calls.some((repaired) => spans.some((span) => overlaps(span, repaired)));
  }

  /** E9: a repaired JSON call stands where a call would (not a mention under E2), so the reply is a malformed attempt. */
  private repairedAttempt(seen: string): boolean {
    if (this.repairs?.refuse !== true) return false;
    const spans = this.repairs.calls;
    if (!this.mentions) return spans.length > 0;
    return spans.some((span) => standsAsAttempt(seen, span));
  }

  /** The calls one span stands for: the extractor reads that span alone (bounded: results have few spans). */
  private callsIn(extractor: RegisteredExtractor, seen: string, span: Span): Call[] {
    const alone = onlySpan(seen, span);
    return extractor.extract(
      alone,
      new Context(this.tools, this.toolNames, alone, this.repairs, this.dialects),
    ).calls;
  }
}

/**
 * Whether a call read in these spans needed a respelled key (`functionCall`, `Arguments`): some JSON object inside
 * them reads as more calls with any spelling than with the keys as written. A leniency the verdict names.
 */
function readsRespelledKeys(context: Context, spans: readonly Span[]): boolean {
  return context.jsonCandidates().some(({ span, parsed }) => {
    if (!parsed.ok || !spans.some((read) => overlaps(read, span))) return false;
    const options = { toolNames: context.toolNames, inCallBlock: true };
    const written = callsFromValue(parsed.value, options);
    return (
      JSON.stringify(callsFromValue(parsed.value, { ...options, spellings: true })) !==
      JSON.stringify(written)
    );
  });
}

/** The log a reading of repaired JSON keeps (E9); none for the silent reading. */
function repairLogFor(mode: ExtractOptions["repairedJson"]): RepairLog | undefined {
  if (mode === undefined || mode === "call") return undefined;
  return { calls: [], any: false, refuse: mode === "attempt", bodyRead: false };
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

const PYTHONIC = EXTRACTORS.find((extractor) => extractor.name === "pythonic") as RegisteredExtractor;
/** A line opening with Llama's call token before a call: `<|python_tag|>calculator.call(…)`. */
const PYTHON_TAG_LINE = /^[ \t]*<\|python_tag\|>[ \t]*[\p{L}_][\p{L}\p{N}_.]*\(/mu;

/** The line of `text` that holds offset `at`. */
function lineAt(text: string, at: number): string {
  const end = text.indexOf("\n", at);
  return text.slice(text.lastIndexOf("\n", at - 1) + 1, end === -1 ? text.length : end);
}

/** Each round blanks at least one span; outputs have few, and the bound keeps hostile text linear. */
const MAX_ROUNDS = 4;
const HARMONY_TOKEN = /<\|(?:start|channel|message)\|>/;
/** DeepSeek's full-width special tokens: no family of SPEC 1.0's chain, so text to it. */
const DEEPSEEK_TOKEN = /<｜[^｜\n]{1,40}｜>/g;
/** GLM-4.5's dialect: `<tool_call>NAME<arg_key>…` or a block that is only a name. */
const GLM_BLOCK = /^<tool_call>\s*[\p{L}\p{N}_.-]+\s*(?:<arg_key>|<\/tool_call>|$)/u;

/** A TOOL line that ends in its `|` separator, with no argument after it. */
const DANGLING_SEPARATOR = /(?:^|\n)[ \t]*TOOL[ \t]+[^\n|]+\|[ \t]*(?:\n|$)/;
/** A TOOL line whose last argument has a key and its `=` but nothing after them. */
const DANGLING_VALUE = /(?:^|\n)[ \t]*TOOL[ \t][^\n]*\|[ \t]*[^\s|=]+[ \t]*=[ \t]*$/;

const CLOSES: readonly [opening: string, closing: string][] = [
  ["<tool_call>", "</tool_call>"],
  ["<function=", "</function>"],
  ["<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>"],
];

/**
 * E8: a call shape that was cut off: a block whose closing tag never comes (the extractors read such a block to the
 * next one or the end of the text). Granite's `<tool_call>[…]`, whose
 * format has no closing tag, is whole when its list is.
 */
function isCutOff(shape: string, endsOutput: boolean): boolean {
  const trimmed = shape.trim();
  const invoke = isCutInvoke(trimmed);
  if (invoke !== undefined) return invoke;
  for (const [opening, closing] of CLOSES) {
    if (!trimmed.startsWith(opening)) continue;
    if (trimmed.endsWith(closing) || cutInsideClosingTag(trimmed, closing)) return false;
    // Granite writes `<tool_call>[{…}]` with no closing tag: its list's bracket closes the call.
    const body = trimmed.slice(opening.length).trim();
    return !(opening === "<tool_call>" && body.startsWith("[") && body.endsWith("]"));
  }
  // One whose last separator has nothing after it ("TOOL set_timer |") was cut before its arguments; one that ends
  // the whole output in `k=` was cut before its last value (2.6.0: every blind set's writers read it so; an empty
  // string is written `k=""`, as our oracle does). A `k=` with more text after the line is an empty value.
  return (
    DANGLING_SEPARATOR.test(trimmed) ||
    (endsOutput && DANGLING_VALUE.test(trimmed)) ||
    (trimmed.startsWith("TOOL") && opensMoreThanItCloses(trimmed))
  );
}

/**
 * A Qwen-XML block cut inside its own closing tag after its function closed (`…</function></tool_c`): the call was
 * whole when the output stopped, only the wrapper's last characters are missing, so it is read as the call.
 */
function cutInsideClosingTag(block: string, closing: string): boolean {
  if (closing !== "</tool_call>") return false;
  for (let keep = closing.length - 1; keep >= 2; keep--) {
    const partial = closing.slice(0, keep);
    if (block.endsWith(partial)) return block.slice(0, -partial.length).trimEnd().endsWith("</function>");
  }
  return false;
}

/**
 * A TOOL line whose values open a bracket they never close (`expression=sqrt(72`): the output was cut inside
 * the value, as E8 reads a block whose closing tag never comes.
 */
function opensMoreThanItCloses(line: string): boolean {
  const count = (char: string) => line.split(char).length - 1;
  return count("(") > count(")") || count("[") > count("]") || count("{") > count("}");
}

/** Whether the text has words outside the spans (sorted by start). */
function hasProseOutside(seen: string, spans: readonly Span[]): boolean {
  let position = 0;
  for (const span of spans) {
    if (span.start > position && proseBetween(seen, position, span.start)) return true;
    position = Math.max(position, span.end);
  }
  return proseBetween(seen, position, seen.length);
}

function isGlm(text: string, spans: readonly Span[]): boolean {
  return spans.some((span) => GLM_BLOCK.test(text.slice(span.start, span.end)));
}

/**
 * Whether `extractCalls(raw, { tools })` — the default options — returns what this extraction of the same text with
 * the same tools returned under whatever options it was made with, so a second reading can be skipped. True when the
 * options could not have mattered: no rule of the options set anything aside or switched a dialect off, and the calls
 * came from harmony (read before any option applies) or an extractor that runs before the plain-line one and is no
 * shape beyond the spec (xml, json), or from the plain-line one itself (which the defaults run), in text without
 * backticks (so there was no inline mention to blank).
 */
export function readsAsDefaults(raw: string, extraction: Extraction): boolean {
  if (NARROWED.has(extraction)) return false;
  const shape = extraction.shape;
  if (shape === "harmony") return true;
  return (shape === "xml" || shape === "json" || shape === "plain") && !raw.includes("`");
}
