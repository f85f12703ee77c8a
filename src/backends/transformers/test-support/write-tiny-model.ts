/**
 * Writes the tiny test checkpoint to a folder, to try the transformers backend without any download:
 *   npx tsx src/backends/transformers/test-support/write-tiny-model.ts /tmp/tiny
 *   npx tooluse run --backend transformers --model /tmp/tiny --limit 5
 * Its answers are noise (random weights); it ends every turn with <|im_end|> once a reply reaches position 4,000.
 */
import { TINY_TOKENS, writeTinyModel } from "./tiny-model.js";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: write-tiny-model.ts DIR");
  process.exit(2);
}
writeTinyModel(dir, { endAt: 4000, endToken: TINY_TOKENS.imEnd });
console.log(`wrote the tiny checkpoint to ${dir}`);
