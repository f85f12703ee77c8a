/** Plans quoted in the paper, verbatim in its text form: the worked example and the prompts' illustrations. */

/** The refund-calls query of the worked example (tables 35–37). */
export const REFUND_QUERY =
  "What are customers most unhappy about in refund-related calls longer than 30 minutes?";

/** The planner's first plan for it: two steps, the RAG half of the best plan's pair only. */
export const REFUND_INITIAL_PLAN = `{ 1: {"step": T2S([], "Fetch interaction_ids of interactions where the call driver is related to refunds and duration is longer than 30 minutes."), "depends_on": []}, 2: {"step": RAG((1), "What are customers most unhappy about?"), "depends_on": [1]} }`;

/** The human-verified best plan; the trailing comma is the paper's own. */
export const REFUND_BEST_PLAN = `{ 1: {"step": T2S([], "Fetch call_ids of calls where the call driver is related to refunds and duration is longer than 30 minutes."), "depends_on": []}, 2: {"step": RAG((1), "What are customers most unhappy about?"), "depends_on": [1]}, 3: {"step": T2S((1), "What are customers most unhappy about?"), "depends_on": [1]}, 4: {"step": LLM("Combine the following 2 outputs to answer the following query (query):First:(2)Second:(3)"), "depends_on": [2, 3]}, }`;

/** The tool-usage completeness prompt's example: a T2S/RAG pair combined with (sub-query k) and (tool k). */
export const PAYMENT_SENTIMENT_PLAN = `{ 1: {"step": T2S([], "Fetch call_ids of calls related to payment adjustment inquiries."), "depends_on": []}, 2: {"step": RAG((1), "What patterns of customer sentiment emerge in these calls?"), "depends_on": [1]}, 3: {"step": T2S((1), "What patterns of customer sentiment emerge in these calls?"), "depends_on": [1]}, 4: {"step": LLM("Synthesize and summarize your answer to the query (query) using outputs from the following: (sub-query 2) using (tool 2): (2), (sub-query 3) using (tool 3): (3)"), "depends_on": [2, 3]} }`;

/** The one-shot evaluator prompt's format example: RAG finds calls, LLM extracts their ids, T2S uses them. */
export const UNRESOLVED_SENTIMENT_PLAN = `{ 1: {"step": T2S([], "Fetch interaction_ids of unresolved calls"), "depends_on": []}, 2: {"step": RAG((1), "Fetch calls where the sentiment transitioned from negative to positive within the transcript"), "depends_on": [1]}, 3: {"step": LLM("Fetch the interaction_ids as a list from the 'data insights' table in (2)."), "depends_on": [2]}, 4: {"step": T2S((3), "Retrieve agent QA scores for resolution procedures in these calls."), "depends_on": [3]} }`;
