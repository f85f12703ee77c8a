/** The JSON Schema of tooluse.config.yaml, generated from the zod schema so the two never disagree. */
import { z } from "zod";
import { MatrixConfigSchema } from "./schema.js";

/** As written to examples/tooluse.config.schema.json (`npx tsx scripts/config-schema.ts`). */
export function matrixJsonSchema(): string {
  const schema = z.toJSONSchema(MatrixConfigSchema, { io: "input", unrepresentable: "any" });
  return `${JSON.stringify({ ...schema, title: "tooluse.config.yaml" }, null, 2)}\n`;
}
