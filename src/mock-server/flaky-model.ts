/**
 * A scripted model that is perfect on most cases and answers a chosen share of cases at random: on a flaky case each
 * request is right with probability `pass` (default 1/2), else wrong in a way the grader always fails (a prose reply
 * where a call is expected, a call where none is). Which cases are flaky, and every draw, follow from the seed.
 *
 * A draw is a hash of (seed, the rendered prompt, a salt). The salt is the request's `seed` field when it has one
 * (the runner derives one seed per repeat, so each attempt is reproducible on its own), else the server's count of
 * how many times it was asked this same body (greedy repeats send identical bodies and must still be able to flip).
 * With the count, the outcomes of a case's K attempts are reproducible as a set for a fresh server, whatever the
 * concurrency; which attempt gets which outcome may change when the attempts race, and a resumed run (new attempts
 * on the same server) draws new outcomes, as a real sampled model would.
 */
import { referenceOutput } from "../backends/reference-outputs.js";
import type { Case } from "../cases/schema.js";
import { expectsCall } from "../grade/expectation.js";
import { renderPrompt } from "../protocols/render.js";
import { canonicalJson, sha256 } from "../runner/canonical-json.js";
import type { ChatBody, RequestInfo, ScriptedReply } from "./openai-server.js";
import { promptKey, replyFromOutput, SCRIPTED_PROTOCOLS } from "./perfect-model.js";

export interface FlakyOptions {
  /** Share of cases answered at random, in [0, 1]; round(share · cases) of them exactly. */
  share: number;
  seed: number;
  /** The chance that a flaky case's attempt is answered right; 1/2 unless set. */
  pass?: number;
}

/** A number in [0, 1) from a hash of the parts: the same parts always give the same number. */
function uniform(...parts: unknown[]): number {
  return Number.parseInt(sha256(canonicalJson(parts)).slice(0, 12), 16) / 2 ** 48;
}

/** The flaky cases: the round(share · N) cases that come first when ordered by a seeded hash of their ids. */
export function flakyCaseIds(
  cases: readonly Case[],
  options: Pick<FlakyOptions, "share" | "seed">,
): Set<string> {
  if (!(options.share >= 0 && options.share <= 1))
    throw new RangeError(`flaky share must be in [0, 1], got ${options.share}`);
  const ranked = cases
    .map((c) => ({ id: c.id, rank: uniform("flaky-case", options.seed, c.id) }))
    .sort((x, y) => x.rank - y.rank || (x.id < y.id ? -1 : 1));
  return new Set(ranked.slice(0, Math.round(options.share * cases.length)).map((c) => c.id));
}

interface Answers {
  caseId: string;
  right: ScriptedReply;
  wrong: ScriptedReply;
}

/** Returns a script for the mock server; an unknown prompt is a test bug, so it throws. */
export function flakyScript(
  cases: readonly Case[],
  options: FlakyOptions,
): (body: ChatBody, request: RequestInfo) => ScriptedReply {
  const pass = options.pass ?? 0.5;
  if (!(pass >= 0 && pass <= 1)) throw new RangeError(`flaky pass must be in [0, 1], got ${pass}`);
  const flaky = flakyCaseIds(cases, options);
  const answers = new Map<string, Answers>();
  for (const testCase of cases) {
    // Wrong for every expectation: prose where a call is expected, some call where none is.
    const wrongName = expectsCall(testCase.expect) ? "never-call" : "always-call";
    for (const protocol of SCRIPTED_PROTOCOLS) {
      answers.set(promptKey(renderPrompt(testCase, protocol)), {
        caseId: testCase.id,
        right: replyFromOutput(protocol, referenceOutput("oracle", testCase, protocol)),
        wrong: replyFromOutput(protocol, referenceOutput(wrongName, testCase, protocol)),
      });
    }
  }
  return (body, request) => {
    const key = promptKey(body);
    const known = answers.get(key);
    if (!known) throw new Error("the flaky model was asked a prompt it does not know");
    if (!flaky.has(known.caseId)) return known.right;
    const salt = typeof body.seed === "number" ? { seed: body.seed } : { occurrence: request.occurrence };
    return uniform("flaky-draw", options.seed, key, salt) < pass ? known.right : known.wrong;
  };
}
