/** web_search: an explicit search request (search/google/look up/«найди в интернете») or a news question. */
import { fold, quotedSegments, trimEdges } from "./text.js";
import type { Rule } from "./types.js";

// Verbs whose object is the query; the query is what follows them.
const VERB =
  /\b(?:search(?: the web| online| the internet| google)?(?: for)?|google|look up|browse(?: for)?|find (?:online|on the (?:web|internet))(?: for)?)\s+(.+)$/iu;
const VERB_RU =
  /(?:поищи(?:те)?|погугли(?:те)?|загугли(?:те)?|пробей(?:те)?|найди(?:те)? (?:в интернете|в сети|в гугле|информацию)|поиск|по запросу)\s*(?:в интернете|в сети|информацию)?\s*(?:о|об|про|по)?\s+(.+)$/iu;
// Questions about what is new: the query is the whole question.
const NEWS =
  /\b(?:latest|recent|breaking|today's)\b.*\bnews\b|\bnews (?:about|on|from)\b|\bweb search\b|(?:последние|свежие|сегодняшние) новости|новости (?:о|об|про)\s|в интернете|в сети/u;
const CUE =
  /\b(?:search|google|look up|browse|web search|search query)\b|по запросу|пробей|\bfind\b.*\b(?:online|on the (?:web|internet))\b/u;

const FILLER_END =
  /\s+(?:online|on the web|on the internet|in the internet|on google|for me|please|в интернете|в сети|пожалуйста)\s*[.!?]*$/iu;
const FILLER_START =
  /^(?:for|about|on|the web for|information (?:about|on)|info (?:about|on)|информаци\p{L}* (?:о|об|про|по)|о|об|про)\s+/iu;
// A "query" that is only the request itself: "search the web", «поищи это».
const EMPTY = /^(?:the web|the internet|online|something|anything|it|this|that|что-нибудь|это)?$/iu;
const POLITE = /^(?:please|can you|could you|would you|пожалуйста|можешь|можете)\s+/iu;

function cleanQuery(query: string): string {
  let text = trimEdges(query);
  for (let i = 0; i < 3; i++) text = trimEdges(text.replace(FILLER_END, "").replace(FILLER_START, ""));
  return EMPTY.test(text) ? "" : text;
}

/** The query: quoted, else what follows the search verb, else the whole (news) question. */
function queryOf(raw: string): string | null {
  const quoted = quotedSegments(raw)[0];
  if (quoted !== undefined) return quoted;
  const after = VERB.exec(raw)?.[1] ?? VERB_RU.exec(raw)?.[1];
  if (after !== undefined) return cleanQuery(after) || null;
  return cleanQuery(raw.replace(POLITE, "")) || null;
}

// A question about something that changes — results, prices, opening hours — answered only by looking it up.
const FRESH =
  /\b(?:today|tonight|yesterday|last night|this (?:week|morning|evening|weekend)|right now|currently|latest|most recent|newest)\b|(?:^|\s)(?:сегодня|вчера|сейчас|последн\p{L}*|свеж\p{L}*|на этой неделе)(?!\p{L})/u;
const QUESTION =
  /\?|^(?:who|what|which|when|where|how|is|are|did|does|can you)\b|(?:^|\s)(?:кто|что|какой|какая|какие|когда|где|как|ли|подскаж\p{L}*)(?!\p{L})/u;

/**
 * A fresh-information question that never asks for a search ("Who won the Lakers game last night?"): the whole
 * question is the query. Registered after every other rule, so "the weather today" stays a weather question.
 */
export const freshSearchRule: Rule = {
  tool: "web_search",
  question: searchQuestion(),
  match(text) {
    const folded = fold(text);
    if (!FRESH.test(folded) || !QUESTION.test(folded)) return null;
    const query = text
      .replace(POLITE, "")
      .trim()
      .replace(/[\s?!.]+$/u, "");
    return query === "" ? null : { name: "web_search", arguments: { query } };
  },
};

function searchQuestion() {
  return { en: "What should I search for?", ru: "Что нужно найти?" };
}

export const searchRule: Rule = {
  tool: "web_search",
  question: searchQuestion(),
  match(text) {
    const folded = fold(text);
    const explicit = CUE.test(folded) || VERB_RU.test(folded);
    if (!explicit && !NEWS.test(folded)) return null;
    const query = queryOf(text);
    return query === null ? "clarify" : { name: "web_search", arguments: { query } };
  },
};
