/** Writes examples/tooluse.config.schema.json, the JSON Schema editors use for tooluse.config.yaml. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { matrixJsonSchema } from "../src/config/json-schema.js";
import { PACKAGE_ROOT } from "../src/paths.js";

writeFileSync(join(PACKAGE_ROOT, "examples/tooluse.config.schema.json"), matrixJsonSchema());
