/** Reading a case's expectation: whether it wants calls, and its no-call part when it has one. */
import type { Expect } from "../cases/schema.js";

/** The no-call expectation: abstain or clarify, with optional answer constraints. */
export type NoCallExpectation = Extract<Expect, { no_call: unknown }>;

/** True when the case wants at least one call (`call`, `calls` or `any_call`): it counts among call cases. */
export function expectsCall(expect: Expect): boolean {
  return !("no_call" in expect);
}

/** The no-call expectation, or undefined on a case that wants calls. */
export function noCallExpectation(expect: Expect): NoCallExpectation | undefined {
  return "no_call" in expect ? expect : undefined;
}
