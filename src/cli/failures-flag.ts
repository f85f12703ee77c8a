/** `--failures N` on `run` and `report`: how many failing cases the terminal summary ends with (0 lists none). */
import { wholeNumber } from "./flags.js";

/** Enough to see the kinds of failure at a glance; the HTML report and --failures show the rest. */
export const DEFAULT_FAILURES_SHOWN = 10;
export const FAILURES_FLAG = "--failures <n>";
export const FAILURES_HELP = `list at most N failing cases after the summary (0 for none; default ${DEFAULT_FAILURES_SHOWN})`;

export function failuresFlag(value: string | undefined): number {
  return value === undefined ? DEFAULT_FAILURES_SHOWN : wholeNumber("--failures", value);
}
