/**
 * verdict: one graded record as the HTML report's case browser shows it (what the case expects, verdict and reason,
 * extracted calls, raw output, the conversation as rendered), and the reviewer's agreement or dispute with a reason.
 * The output and the case's text are untrusted: shown as text, never run.
 */

import { html, type SafeHtml } from "../../../../render/escape.js";
import { describeCalls } from "../../../../report/html/describe-case.js";
import type { VerdictCase, VerdictPayload } from "../../../contract.js";
import { block, choiceField, textField } from "../fields.js";
import type { KindView } from "./view.js";

type Outcome = "passed" | "failed" | "error";

function outcome(p: VerdictPayload): Outcome {
  if (p.status === "error" || p.verdict === null) return "error";
  return p.verdict.passed === true ? "passed" : "failed";
}

function calls(verdict: Record<string, unknown> | null): string | null {
  const list = verdict?.calls;
  if (!Array.isArray(list)) return null;
  return describeCalls(
    list.filter((c): c is { name: string; arguments: unknown } => typeof c?.name === "string"),
  );
}

/** The verdict's flags a reviewer should see: what was tolerated or went wrong besides the reason. */
function flags(verdict: Record<string, unknown> | null): string[] {
  if (!verdict) return [];
  const out: string[] = [];
  if (verdict.malformed === true)
    out.push("malformed: the output looks like a call attempt that did not parse");
  if (verdict.name_mangled === true) out.push("name mangled: a dotted tool name was called with _");
  if (Array.isArray(verdict.lenient) && verdict.lenient.length > 0)
    out.push(`lenient matches: ${verdict.lenient.join(", ")}`);
  if (Array.isArray(verdict.extra) && verdict.extra.length > 0)
    out.push(`extra arguments: ${verdict.extra.join(", ")}`);
  if (typeof verdict.behaviour === "string") out.push(`behaviour: ${verdict.behaviour}`);
  return out;
}

const BADGE: Record<Outcome, string> = { passed: "PASS", failed: "FAIL", error: "ERROR" };

/** The report's "Expected"; a case not found says why, in the warning colour, so nobody mistakes it for "none". */
function expected(shown: VerdictCase): SafeHtml {
  return shown.found
    ? block("Expected", shown.expected, "", "expected")
    : html`<section class="block expected missing"><h3>Expected</h3><p class="error">not available: ${shown.reason}</p></section>`;
}

/** The conversation as rendered to the model, as the report shows it: system prompt and tool list folded. */
function conversation(shown: VerdictCase, protocol: string): SafeHtml {
  if (!shown.found) return html``;
  const messages = shown.conversation.map(({ role, text }) =>
    role === "system" || role === "tools"
      ? html`<div class="msg role-${role}"><details><summary class="role">${role} (${text.length} characters)</summary><pre>${text}</pre></details></div>`
      : html`<div class="msg role-${role}"><div class="role">${role}</div><pre>${text}</pre></div>`,
  );
  return html`<section class="block conversation"><h3>Conversation as rendered (${protocol})</h3>${
    shown.prompt_note === null ? "" : html`<p class="sub">${shown.prompt_note}</p>`
  }${messages}</section>`;
}

export const verdictView: KindView<VerdictPayload> = {
  keys: [
    ["a", "agree with the verdict"],
    ["d", "dispute it (then type the reason)"],
  ],
  render: (p) => {
    const result = outcome(p);
    const reason = typeof p.verdict?.reason === "string" ? p.verdict.reason : null;
    const flagged = flags(p.verdict);
    const about = p.case.found ? `${p.case.lang} · ${p.case.category} · ${p.case.difficulty} · ` : "";
    const meta: SafeHtml = html`<p class="record"><span class="badge ${result}">${BADGE[result]}</span> <span class="id">${p.case_id}</span> <span class="proto">${p.protocol}</span> <span class="who">${p.model}</span> <span class="sub">${about}${p.suite} · ${p.results_file}</span></p>`;
    return html`${meta}
<div class="columns">
<div>
${expected(p.case)}
${block(result === "error" ? "Error (not scored)" : `Verdict: ${result}`, result === "error" ? p.error : reason, "no reason recorded")}
${flagged.length > 0 ? block("Flags", flagged.join("\n")) : ""}
${block("Extracted calls", calls(p.verdict), result === "error" ? "none: the request failed" : "none")}
</div>
${block("Raw model output", p.output, "no output", "output")}
</div>
${conversation(p.case, p.protocol)}
${choiceField(
  "verdict",
  "Your view of the verdict",
  [
    { value: "agree", key: "a", text: "agree" },
    { value: "dispute", key: "d", text: "dispute" },
  ],
  { next: { dispute: "reason" } },
)}
${textField("reason", "Reason (needed for a dispute)", { rows: 3 })}`;
  },
};
