/**
 * `--resume` for the model-driven plan commands: an earlier run's output file holds every reply the model gave
 * (plan lines their answer, judged lines each metric's replies); a resumed run replays those replies through the same
 * code, so every line is rebuilt exactly as a fresh run would build it, and asks the model only the prompts the file
 * has no reply to — the requests that failed. Before anything is asked, the file is checked to belong to this run:
 * the same model, the same prompts (by sha256) and only lines this run would write.
 */

import type { z } from "zod";
import { UserError } from "../../errors.js";
import { forEachLine, parseLine, readTextFile } from "../../jsonl.js";
import type { Answer, Prompt } from "../../runner/ask.js";
import type { ModelSession } from "../../runner/session.js";

/** The replies an output file holds, by prompt key. */
export type Replies = ReadonlyMap<string, string>;

/** A line of the file with its number, for messages that name `file:line`. */
export interface NumberedLine<T> {
  line: number;
  record: T;
}

/** Every non-blank line of an earlier run's output, checked against the schema of the lines this command writes. */
export function readEarlierOutput<S extends z.ZodType>(file: string, schema: S): NumberedLine<z.infer<S>>[] {
  const lines: NumberedLine<z.infer<S>>[] = [];
  forEachLine(readTextFile(file), (text, number) => {
    if (text.trim() === "") return;
    lines.push({ line: number, record: parseLine(text, `${file}:${number}`, schema) });
  });
  return lines;
}

/** Refuses a resume whose file does not belong to this run, naming the line and what differs. */
export function notThisRun(file: string, line: number, what: string): UserError {
  return new UserError(`--resume: ${file}:${line}: ${what}`, {
    hint: "resume with the command that wrote the file, or start afresh with --force",
  });
}

/** What a resumed session did: replies taken from the file, and prompts asked of the model. */
export interface ResumeTally {
  replayed: number;
  asked: number;
}

/**
 * A session that answers from the file's replies and asks the model the rest. A replayed reply is an answer like
 * any other (status ok, its text), so the command's code reads it exactly as it read it the first time.
 */
export function replayingSession(
  session: ModelSession,
  replies: Replies,
): { session: ModelSession; tally: ResumeTally } {
  const tally: ResumeTally = { replayed: 0, asked: 0 };
  const ask = async (prompt: Prompt): Promise<Answer> => {
    const text = replies.get(prompt.key);
    if (text === undefined) {
      tally.asked++;
      return session.ask(prompt);
    }
    tally.replayed++;
    return { key: prompt.key, status: "ok", text, error: null, cached: true, attempts: 0, latency_ms: 0 };
  };
  return { session: { model: session.model, ask, close: () => session.close() }, tally };
}

/** The one line a resumed run adds to stderr: what came from the file and what was asked. */
export function resumeSummary(file: string, tally: ResumeTally): string {
  const replies = tally.replayed === 1 ? "1 reply" : `${tally.replayed} replies`;
  const requests = tally.asked === 1 ? "1 request" : `${tally.asked} requests`;
  return `resumed ${file}: ${replies} from the file, ${requests} asked\n`;
}
