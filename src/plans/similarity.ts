/** The default prompt similarity: weighted overlap of normalised words, placeholders masked. Pluggable by design. */
import { maskPlaceholders } from "./placeholders.js";
import { words } from "./text.js";

/** Any function from two prompts to [0, 1]; an embedding or judge-based matcher can take this place. */
export type PromptSimilarity = (candidate: string, reference: string) => number;

const STOPWORDS = new Set(
  (
    "a an the of in on for to and or is are was were be been what which who whom how that this these those with by " +
    "from at as it its their there do doe did than where when all any each per into about most more such whose"
  ).split(" "),
);
/**
 * Words nearly every step has ("fetch call_ids of calls"): they count a little, so two steps that differ only
 * in what they fetch do not look alike, and a step merging several reference steps matches none of them.
 */
const WEAK = new Set(
  (
    "fetch retrieve get find extract identify list id call interaction data step output result " +
    "stepplaceholder queryplaceholder toolplaceholder subqueryplaceholder"
  ).split(" "),
);
const WEAK_WEIGHT = 0.25;

type Bag = { weights: Map<string, number>; total: number; key: string };

/** Prompts repeat across thousands of plans (the same reference steps); bags are cached, bounded. */
const cache = new Map<string, Bag>();
const CACHE_LIMIT = 20_000;

function bagOf(prompt: string): Bag {
  const cached = cache.get(prompt);
  if (cached) return cached;
  const tokens = words(maskPlaceholders(prompt));
  const weights = new Map<string, number>();
  for (const token of tokens)
    if (!STOPWORDS.has(token)) weights.set(token, WEAK.has(token) ? WEAK_WEIGHT : 1);
  let total = 0;
  for (const weight of weights.values()) total += weight;
  const bag = { weights, total, key: tokens.join(" ") };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(prompt, bag);
  return bag;
}

/** Weighted Dice coefficient of the two word sets; prompts with no content words compare by their whole text. */
export const tokenSimilarity: PromptSimilarity = (candidate, reference) => {
  const a = bagOf(candidate);
  const b = bagOf(reference);
  if (a.total === 0 || b.total === 0) return a.key === b.key ? 1 : 0;
  let shared = 0;
  for (const [token, weight] of a.weights) if (b.weights.has(token)) shared += weight;
  return (2 * shared) / (a.total + b.total);
};
