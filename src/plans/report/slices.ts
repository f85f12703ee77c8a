/** The paper's breakdowns of a planner's results by query: objective/subjective, simple/compound, steps, hops. */
import type { QueryAttributes } from "./inputs.js";

export interface Slice {
  name: string;
  holds: (query: QueryAttributes) => boolean;
}

export interface Dimension {
  name: string;
  slices: readonly Slice[];
}

const atLeast = (value: number | null, bound: number) => value !== null && value >= bound;

/** A query whose attribute is unknown falls in no slice of that dimension (it still counts in the totals). */
export const DIMENSIONS: readonly Dimension[] = [
  {
    name: "objective vs subjective",
    slices: [
      { name: "objective", holds: (q) => q.is_subjective === false },
      { name: "subjective", holds: (q) => q.is_subjective === true },
    ],
  },
  {
    name: "simple vs compound",
    slices: [
      { name: "simple", holds: (q) => q.is_compound === false },
      { name: "compound", holds: (q) => q.is_compound === true },
    ],
  },
  {
    name: "steps in the best plan",
    // The data caps best plans at 15 steps, so "5 or more" is the paper's 5–15 bucket.
    slices: [
      { name: "1–4 steps", holds: (q) => q.steps !== null && q.steps <= 4 },
      { name: "5–15 steps", holds: (q) => atLeast(q.steps, 5) },
    ],
  },
  {
    name: "hops",
    slices: [
      { name: "0 hops", holds: (q) => q.hops === 0 },
      { name: "1 hop", holds: (q) => q.hops === 1 },
      { name: "2 hops", holds: (q) => q.hops === 2 },
      { name: "3+ hops", holds: (q) => atLeast(q.hops, 3) },
    ],
  },
];
