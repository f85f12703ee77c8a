/**
 * The grading profiles' names and versions, without their graders (profiles.ts): what a run needs to check a
 * `--rules` name, write its journal header and look up cached verdicts, so a run whose every verdict is cached never
 * loads the grading code (runner/cached-grader.ts).
 */
import { UserError } from "../errors.js";

export const GRADING_PROFILES = ["tooluse", "spec1", "bfcl"] as const;
export type GradingProfileName = (typeof GRADING_PROFILES)[number];
export const DEFAULT_GRADING_PROFILE: GradingProfileName = "tooluse";

/** Each profile's version: bumped whenever a verdict under it can change (SemVer: major for semantics). */
export const PROFILE_VERSIONS: Record<GradingProfileName, string> = {
  // 2.1.0: no-call behaviour read from the roles of a reply's units, call mentions kept apart from calls, a
  // truncated call block is a malformed attempt (issue 25). 2.2.0: blind sets 3 and 4's classes — commentary after
  // a call of any dialect keeps it a call, sentence-ended prefaces, proposals and results after a TOOL line's dash,
  // a TOOL line cut at its separator, and the reply sentences around call talk (issue 25, shapes round). 2.3.0:
  // the classes of the lost blind set 6 — E9 a repaired JSON call is a malformed attempt, E10 disowning frames and
  // slot names make a mention, E11 broken structures are attempts (docs/spec-conformance.md) — and blind set 8's
  // reply classes: an action placed elsewhere ("You can pick seats on ba.com") is an alternative, not a request; a
  // missing means named with compound modifiers ("a clock or time-zone tool") is a refusal. 2.4.0: E9 decided by a
  // visible leniency, a repaired JSON call is read as a call and named `json=repaired` (issue 25). 2.5.0: four shape
  // classes (issue 25) — E11 a Qwen-XML parameter that never closes is broken, E7 a serving template's call token
  // with no call after it is an attempt, a ratio unit (`meter/second`) is its per-unit, grouped digits are no number;
  // E12 a call standing as native content with no runtime call is read under `native=content_call`; blind set 12's
  // reply classes (docs/reply-roles.md, round 4). 2.6.0: blind sets 15 and 16 — a TOOL line ending the output in
  // `k=` is cut (E8), a block cut inside its closing tag after its function closed is whole, a shape that is one
  // option of a prose list is a mention (M6), a pass through a grouped number is named `answer=grouped_number`, and
  // the reply classes of round 5 (docs/reply-roles.md).
  // 2.7.0: round 6 — fresh blind set 19s's seven shape classes (a conditional in a first-person plan is no offer, a
  // python-tag call after another call is a second call, "…would be:" and "Example request:" frames and an example
  // comment opening a fence make a mention, a TOOL line with a slot for its name or a value is a template, one with a
  // segment that is not `key=value` is an attempt) and fresh sets 19r and 20r's reply classes (docs/reply-roles.md).
  // 2.8.0: round 7 — shapes: a preface introducing several ways or formats shows what follows (M2), a call whose name or
  // argument keys are slots (`TOOL_NAME`, `PARAMETER_NAME`) is a template (M3), "…would have looked like:" frames a
  // mention; replies: a negated means as the subject, «отсутствует», «ни один … не», a verbless "No X on my end", a
  // decline of echoing, the protocol as a tool remark, unseen input and the user's location as a request's reason,
  // imperatives of putting the input here, an imperative with a promise after an absolute refusal offers other help.
  // 2.9.0: round 7, second pass — E8's cut tail (complete calls, then a call cut off at the end of the output: the calls
  // are read, the output is malformed beside them and fails), a worked preface ending in the call keeps it a call
  // (M5), instructions to search or use a tool yourself frame a mention (M2), and fresh sets 24r-en/24r-ru's reply
  // classes (an aside after a request, nothing to act on yet, a quiz before its answer, not remembering, a copula dash
  // after the speaker's means, «Вставьте» unless the user is sent elsewhere).
  // 2.10.0: round 8, fresh clarification set c1's reply classes — the one sentence of context after a request supports
  // it even when cut into clauses, «Отправьте» and putting the input in before the assistant's promise ask, and an
  // imperative of supplying with a question mark after content asks (no yes/no follow-up); second pass (fresh sets c2,
  // c3): inner parentheses are asides, chat spellings, a hinted bare noun question, a verbless need, an object before a
  // Russian imperative, a form's empty field, the formal «просим указать» (docs/reply-roles.md round 8).
  // 2.11.0: round 9, fresh sets d1s/d1/d1-ru — Anthropic's invoke blocks are a named dialect (E16); the Russian
  // first person's negated present of calling («Пока ничего не вызываю») is a remark on the protocol, no refusal.
  // 2.12.0: round 10, fresh sets d3s/d3 — a call object's keys in any case convention (Gemini's `functionCall`,
  // Bedrock's `toolUse`) are read and named `json=respelled_keys` (E17).
  // 2.13.0: round 10, fresh set e5-en — a hint for the user who does not know the value ("Check the package if
  // you're unsure") supports the request before it.
  tooluse: "2.13.0",
  // 1.1.0: SPEC 1.0 §3.1's extraction chain exactly, no other dialect (issue 25's spec1 conformance). 1.2.0: E9, the
  // chain reads JSON objects, and a text that parses only after a repair is none. 1.3.0: §3.2's numeric comparison
  // reads numeric text as Python's float() does, so grouped digits ("1,250") are no number; a ratio unit
  // (`meter/second`) resolves to its per-unit, as `m/s` already did.
  spec1: "1.3.0",
  // 2.0.0: prompt-mode text is decoded by BFCL's own decoder, rule for rule (issue 26).
  bfcl: "2.0.0",
};

/** The name as a profile's; a UserError naming the choices when it is unknown. */
export function profileName(name: string): GradingProfileName {
  if (!(GRADING_PROFILES as readonly string[]).includes(name)) {
    throw new UserError(`--rules: expected one of ${GRADING_PROFILES.join(", ")}, got "${name}"`);
  }
  return name as GradingProfileName;
}
