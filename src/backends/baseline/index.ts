/** The `baseline` backend: a deterministic keyword-and-regex responder for ToolUse.1, no model involved. */
import type { Protocol } from "../../cases/schema.js";
import { encodeNativeReply } from "../../grade/native.js";
import { builtinToolNames } from "../../grade/offered.js";
import { renderCall } from "../../grade/render-call.js";
import type { Call } from "../../tools/types.js";
import { type CaseAnswerer, computedCompletion } from "../case-answerer.js";
import { calculatorRule } from "./calculator.js";
import { applyCorrection } from "./correction.js";
import { currencyRule } from "./currency.js";
import { contextFor, followUp } from "./follow-up.js";
import { noteRule } from "./note.js";
import { impossibleRequest, instructionTrap, PROSE, unrecognised } from "./refusals.js";
import { freshSearchRule, searchRule } from "./search.js";
import { type Lang, languageOf } from "./text.js";
import { timeRule } from "./time.js";
import { timerRule } from "./timer.js";
import { translateRule } from "./translate.js";
import type { Conversation, History, Question, Rule } from "./types.js";
import { unitsRule } from "./units.js";
import { weatherRule } from "./weather.js";

export type { Conversation } from "./types.js";

/** A prose check in the registry: replies in prose when it recognises the text, else passes. */
interface ProseCheck {
  prose: (text: string) => string | null;
}

/**
 * The ordered registry; the first entry that recognises the text decides. Rules whose argument is
 * free text (note, translate, search) come before the refusals, so "save a note: order pizza" is a
 * note; the calculator comes late because numbers appear in nearly every other request, and a
 * fresh-information question ("who won last night?") is a search only when nothing else claimed it.
 */
export const REGISTRY: ReadonlyArray<Rule | ProseCheck> = [
  { prose: instructionTrap },
  noteRule,
  translateRule,
  searchRule,
  { prose: impossibleRequest },
  timerRule,
  currencyRule,
  unitsRule,
  timeRule,
  weatherRule,
  calculatorRule,
  freshSearchRule,
];

type Decision = { kind: "call"; call: Call } | { kind: "prose"; text: string };

function lastUserText(messages: Conversation["messages"]): string | null {
  const last = messages.at(-1);
  return last?.role === "user" ? last.content : null;
}

/** The first rule that recognises the text, with its verdict; a prose check may answer instead. */
function firstMatch(
  text: string,
  history: History,
): { rule: Rule; call: Call | null; question: Question } | { prose: string } | null {
  for (const entry of REGISTRY) {
    if ("prose" in entry) {
      const prose = entry.prose(text);
      if (prose !== null) return { prose };
      continue;
    }
    const result = entry.match(text, history);
    if (result === null) continue;
    if (result === "clarify") return { rule: entry, call: null, question: entry.question };
    if ("ask" in result) return { rule: entry, call: null, question: result.ask };
    return { rule: entry, call: result, question: entry.question };
  }
  return null;
}

/** A rule that wanted an argument gets one more try with each earlier turn the text points back to. */
function fromContext(rule: Rule, text: string, history: History): Call | null {
  for (const piece of contextFor(text, history)) {
    const result = rule.match(`${text}\n${piece}`, []);
    if (result !== null && result !== "clarify" && !("ask" in result)) return result;
  }
  return null;
}

function decide(text: string, history: History, offered: ReadonlySet<string>, lang: Lang): Decision {
  const offer = (call: Call): Decision =>
    offered.has(call.name) ? { kind: "call", call } : { kind: "prose", text: PROSE.cannot[lang] };
  const match = firstMatch(text, history);
  if (match !== null && "prose" in match) return { kind: "prose", text: match.prose };
  if (match?.call) return offer(match.call);
  const followed = followUp(text, history);
  if (followed) return offer(followed);
  if (match === null) return { kind: "prose", text: unrecognised(text) };
  const filled = fromContext(match.rule, text, history);
  if (filled) return offer(filled);
  if (!offered.has(match.rule.tool)) return { kind: "prose", text: PROSE.cannot[lang] };
  return { kind: "prose", text: match.question[lang] };
}

/**
 * Answers one conversation the way a careful rule-follower would: a call rendered in `protocol`,
 * a question back, or prose. Pure: the same conversation always gets the same text.
 * @example respond({ messages: [{ role: "user", content: "What is 45 + 12?" }], tools: ["calculator"] }, "plain")
 *   // → "TOOL calculator | expression=45 + 12"
 */
export function respond(conversation: Conversation, protocol: Protocol): string {
  const text = applyCorrection(lastUserText(conversation.messages) ?? "");
  const lang = languageOf(text);
  const history = conversation.messages.slice(0, -1);
  const decision = decide(text, history, new Set(conversation.tools), lang);
  if (decision.kind === "call") return renderCall(protocol, decision.call);
  return protocol === "native" ? encodeNativeReply(decision.text, []) : decision.text;
}

/** The rule baseline as a case answerer: what `tooluse run` uses when no model is given. */
export function baselineAnswerer(): CaseAnswerer {
  return {
    kind: "baseline",
    model: "rule-baseline-1",
    cacheable: false,
    async answer(testCase, protocol) {
      // Only the turns and the offered tools: the expectation, id and category stay unseen.
      const text = respond({ messages: testCase.messages, tools: builtinToolNames(testCase) }, protocol);
      return computedCompletion(text, "stop");
    },
  };
}
