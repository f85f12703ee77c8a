/**
 * The journal of finished steps: one JSON line per step that succeeded, keyed by the plan's key and digest and the
 * step's id. Resuming reads it and skips every step it holds; a failed step is never journaled, so it runs again.
 * A kill mid-append leaves a torn last line, which reading cuts.
 */
import { appendFileSync, existsSync, readFileSync, truncateSync } from "node:fs";
import { z } from "zod";
import { cannotRead, cannotWrite, UserError } from "../../errors.js";
import type { StepOutput } from "./output.js";
import type { StepDetails } from "./step.js";

const HEADER = { journal: "tooluse-plan-execute", version: 1 } as const;

const EntrySchema = z.strictObject({
  plan: z.string(),
  digest: z.string(),
  step: z.number().int(),
  output: z.custom<StepOutput>((v) => typeof v === "object" && v !== null && "text" in v),
  details: z.custom<StepDetails>((v) => typeof v === "object" && v !== null),
  latency_ms: z.number(),
});
export type JournalEntry = z.infer<typeof EntrySchema>;

const key = (plan: string, digest: string, step: number) => `${plan}\u0000${digest}\u0000${step}`;

export class StepJournal {
  private readonly entries = new Map<string, JournalEntry>();

  private constructor(private readonly path: string) {}

  /** Opens a journal: a new one is created; an existing one is read (resume) only when `resume` says so. */
  static open(path: string, resume: boolean): StepJournal {
    const journal = new StepJournal(path);
    if (!existsSync(path)) {
      try {
        appendFileSync(path, `${JSON.stringify(HEADER)}\n`);
      } catch (error) {
        throw cannotWrite(path, error);
      }
      return journal;
    }
    if (!resume) throw new UserError(`${path} already exists: resume it, or choose another journal`);
    journal.read();
    return journal;
  }

  private read(): void {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      throw cannotRead(this.path, error);
    }
    const complete = text.lastIndexOf("\n") + 1;
    const lines = text.slice(0, complete).split("\n");
    const header = lines[0] ? (JSON.parse(lines[0]) as unknown) : null;
    if (JSON.stringify(header) !== JSON.stringify(HEADER))
      throw new UserError(`${this.path}:1: not a plan execution journal`);
    lines.slice(1).forEach((line, index) => {
      if (line === "") return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UserError(`${this.path}:${index + 2}: invalid JSON; the journal was edited or damaged`);
      }
      const parsed = EntrySchema.safeParse(value);
      if (!parsed.success) throw new UserError(`${this.path}:${index + 2}: not a journal entry`);
      const entry = parsed.data;
      this.entries.set(key(entry.plan, entry.digest, entry.step), entry);
    });
    if (complete < text.length) truncateSync(this.path, Buffer.byteLength(text.slice(0, complete)));
  }

  get size(): number {
    return this.entries.size;
  }

  find(plan: string, digest: string, step: number): JournalEntry | undefined {
    return this.entries.get(key(plan, digest, step));
  }

  record(entry: JournalEntry): void {
    try {
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`);
    } catch (error) {
      throw cannotWrite(this.path, error);
    }
    this.entries.set(key(entry.plan, entry.digest, entry.step), entry);
  }
}
