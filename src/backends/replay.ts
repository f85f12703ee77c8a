/** The replay answerer: recorded outputs (`{"id","protocol","output"}` JSONL) graded through the run pipeline. */
import { z } from "zod";
import { PROTOCOLS } from "../cases/schema.js";
import { readJsonl } from "../jsonl.js";
import { type CaseAnswerer, computedCompletion } from "./case-answerer.js";

const RecordedOutputSchema = z.object({ id: z.string(), protocol: z.enum(PROTOCOLS), output: z.string() });

export function replayAnswerer(file: string): CaseAnswerer {
  const outputs = new Map(
    readJsonl(file, RecordedOutputSchema).map((o) => [`${o.id}\u0000${o.protocol}`, o.output]),
  );
  return {
    kind: "replay",
    model: `replay:${file}`,
    cacheable: false,
    async answer(testCase, protocol) {
      const text = outputs.get(`${testCase.id}\u0000${protocol}`);
      if (text === undefined) throw new Error(`${file} has no output for ${testCase.id} in ${protocol}`);
      return computedCompletion(text, null);
    },
  };
}
