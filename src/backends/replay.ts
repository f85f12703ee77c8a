/** The replay backend: recorded outputs (`{"id","protocol","output"}` JSONL) graded through the run pipeline. */
import { z } from "zod";
import { PROTOCOLS } from "../cases/schema.js";
import { readJsonl } from "../jsonl.js";
import {
  type Backend,
  benchmarkSubject,
  type Completion,
  type ModelRequest,
  type RequestContext,
} from "./types.js";

const RecordedOutputSchema = z.object({ id: z.string(), protocol: z.enum(PROTOCOLS), output: z.string() });

export function replayBackend(file: string): Backend {
  const outputs = new Map(
    readJsonl(file, RecordedOutputSchema).map((o) => [`${o.id}\u0000${o.protocol}`, o.output]),
  );
  return {
    kind: "replay",
    model: `replay:${file}`,
    cacheable: false,
    async complete(_request: ModelRequest, context: RequestContext): Promise<Completion> {
      const { testCase, protocol } = benchmarkSubject(context, "replay");
      const text = outputs.get(`${testCase.id}\u0000${protocol}`);
      if (text === undefined) throw new Error(`${file} has no output for ${testCase.id} in ${protocol}`);
      return { text, finish_reason: null, prompt_tokens: null, completion_tokens: null };
    },
  };
}
