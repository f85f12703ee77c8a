/**
 * Redundancy's "repeated detail": a T2S prompt restating filters that its input ids already encode. Only inputs
 * that pass call or interaction ids encode filters (a step naming a team or agents does not), and one shared
 * word is not yet a restated filter ("why were these calls escalated" asks about the escalation): the step must
 * repeat filters of at least two different slots, as in "why are customers unhappy in chats about delivery
 * delays escalated to a supervisor" after a step that fetched exactly those chats, or repeat one while naming a
 * population of its own ("…, looking only at calls about flight rebooking", "of refund calls").
 */
import { PASSES_IDS, POPULATION_SLOTS } from "../intent/context.js";
import type { SlotName } from "../intent/lexicon.js";
import { readIntent } from "../intent/slots.js";
import type { DraftStep } from "../model.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { type Violation, violation } from "../violations.js";

/** Population filters; the entity is left out because "in these calls" is how a step names its input ids. */
const FILTERS: readonly SlotName[] = POPULATION_SLOTS.filter((slot) => slot !== "entity");
const MIN_SLOTS = 2;
/** A population noun of the step's own, not the input ids' "these calls". */
const OWN_POPULATION =
  /\b(?<!\b(?:these|those|such|same|the|of) )(?:phone |voice )?(?:calls|chats|emails|interactions|contacts|conversations)\b/i;

export function checkRepeatedDetail(steps: readonly DraftStep[], tools: ToolDescriptions): Violation[] {
  const byId = new Map(steps.map((step) => [step.id, step]));
  return steps.flatMap((step) => {
    if (step.tool !== "T2S" || step.inputs.length === 0) return [];
    const own = readIntent(step.prompt, tools).slots;
    const repeated = new Map<string, SlotName>();
    for (const id of step.inputs) {
      const source = byId.get(id);
      if (!source || id === step.id || !PASSES_IDS.test(source.prompt)) continue;
      const theirs = readIntent(source.prompt, tools).slots;
      for (const slot of FILTERS)
        for (const value of own[slot] ?? [])
          if ((theirs[slot] ?? []).includes(value)) repeated.set(value, slot);
    }
    // One repeated filter is a restatement when the step names a population of its own ("…, looking only at
    // calls about flight rebooking"); "why were these calls escalated" asks about the escalation instead.
    const restates = repeated.size > 0 && OWN_POPULATION.test(step.prompt);
    if (new Set(repeated.values()).size < MIN_SLOTS && !restates) return [];
    return [
      violation(
        step.id,
        "repeated-detail",
        `repeats ${[...repeated.keys()].join(", ")}, which its input ids already encode`,
      ),
    ];
  });
}
