import { plans } from "tooluse";

const parsed = plans.parsePlan('{1: {"step": T2S([], "Count calls about refunds."), "depends_on": []}}');
console.log(parsed.ok ? `${parsed.steps.length} step(s)` : parsed.message);
