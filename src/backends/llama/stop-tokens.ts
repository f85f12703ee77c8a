/** The end-of-generation tokens a checkpoint declares, as a union (spec §4): stopping on only one of them is a bug. */
import type { LlamaModel, Token } from "./binding.js";

/**
 * EOS and EOT by their declared ids, plus every token llama.cpp's vocabulary marks as end-of-generation: EOM, and
 * control tokens such as `<|im_end|>` or `<|endoftext|>` that a checkpoint carries without naming them in its ids.
 */
export function endOfGenerationTokens(model: LlamaModel): ReadonlySet<Token> {
  const tokens = new Set<Token>();
  for (const declared of [model.tokens.eos, model.tokens.eot]) if (declared !== null) tokens.add(declared);
  for (const token of model.iterateAllTokens()) if (model.isEogToken(token)) tokens.add(token);
  return tokens;
}
