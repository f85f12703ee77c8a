/** What a kind's page module provides: the task's main content and its own keys for the help overlay. */
import type { SafeHtml } from "../../../../render/escape.js";

export interface KindView<P> {
  keys: readonly (readonly [string, string])[];
  render(payload: P): SafeHtml;
}
