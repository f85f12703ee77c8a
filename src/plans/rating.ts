/** The one-shot evaluator's 7-point rating from step F1, and the cumulative tiers A+, A and B. */

export const RATINGS = [
  "Extremely Bad",
  "Very Bad",
  "Bad",
  "Acceptable",
  "Good",
  "Very Good",
  "Extremely Good",
] as const;
export type Rating = (typeof RATINGS)[number];

/** Lower bounds in percent, exclusive, best first: F1 must be strictly above a bound to earn its rating. */
const BOUNDS: readonly (readonly [number, Rating])[] = [
  [95, "Extremely Good"],
  [85, "Very Good"],
  [75, "Good"],
  [60, "Acceptable"],
  [45, "Bad"],
  [30, "Very Bad"],
];

/** F1 in [0, 1] → rating; null (an unparseable plan) is Extremely Bad. */
export function ratingFromF1(f1: number | null): Rating {
  if (f1 === null) return "Extremely Bad";
  // Rounded so that 0.85 computed as 0.8500000000000001 is not "above 85".
  const percent = Math.round(f1 * 1e9) / 1e7;
  return BOUNDS.find(([bound]) => percent > bound)?.[1] ?? "Extremely Bad";
}

export const TIERS = ["A+", "A", "B"] as const;
export type Tier = (typeof TIERS)[number];

const TIER_FLOOR: Record<Tier, Rating> = { "A+": "Very Good", A: "Good", B: "Acceptable" };

/** Tiers are cumulative: A+ ⊂ A ⊂ B. */
export function inTier(rating: Rating, tier: Tier): boolean {
  return RATINGS.indexOf(rating) >= RATINGS.indexOf(TIER_FLOOR[tier]);
}

/** The best tier a rating reaches, or null below B. */
export function tierOf(rating: Rating): Tier | null {
  return TIERS.find((tier) => inTier(rating, tier)) ?? null;
}
