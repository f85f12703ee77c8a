/** Agreement between two score files (judge vs humans, judge vs judge, judge vs code), per metric. */
export { type AgreementReport, type AgreeOptions, compareScoreFiles, type MetricReport } from "./agree.js";
export { type BootstrapSettings, DEFAULT_BOOTSTRAP, type Estimate, estimate } from "./estimate.js";
export { formatAgreement } from "./format.js";
export { type ItemAgreement, itemAgreement, type LabelAgreement } from "./labels.js";
export { AGREEMENT_METRICS, LabelLineSchema, type MetricSpec, type Pair } from "./pairs.js";
export { MIN_PLANNERS, type RankingAgreement, rankingAgreement } from "./ranking.js";
export {
  collectTriplets,
  DEFAULT_TRIPLET_PLANNERS,
  type TripletAgreement,
  tripletAgreement,
} from "./triplets.js";
