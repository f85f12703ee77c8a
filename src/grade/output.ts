/** What the grader reads: one raw output of a model for one case in one protocol. A leaf, so every verdict module can name it. */
import type { Protocol } from "../cases/schema.js";

export interface Output {
  id: string;
  protocol: Protocol;
  output: string;
}
