/**
 * What a reply without a call does (docs/spec-conformance.md, "behaviour of a no-call reply"): it asks the user
 * for something (`question`), declines for want of a capability (`refusal`), or says something itself
 * (`answer`). English and Russian. Written from the rules below, not fitted to any data set's strings:
 *
 * 1. The reply is cut into sentences; each is a request, an offer, a courtesy, a refusal or a statement.
 * 2. A request asks the user for something: a question ("Which city?", «Какой город?»), or an imperative or
 *    need to be told ("Please specify the city", «Уточните город», "I need to know the city").
 * 3. An offer or a courtesy is not a request: "Would you like anything else?", "Let me know if…", «Хотите…?»,
 *    "Thanks!", promises about what happens once the user answers ("Then I can check it for you") and
 *    examples of what to answer ("For example, EUR or USD", «Например, …»).
 * 4. A refusal says the assistant cannot do it ("I can't", "I don't have access", "none of the tools",
 *    «не могу», «нет доступа»), unless a contrast goes on to answer anyway ("I can't browse, but it is 42").
 * 5. The reply is a `question` when its last sentence that is not an offer or courtesy is a request, or when
 *    it opens with a request followed by at most two sentences of support (options, examples, why it asks);
 *    else a `refusal` when a sentence refuses; else an `answer`.
 */

export type Behaviour = "question" | "refusal" | "answer";

/** The sentence after a question that answers it. */
const SELF_ANSWER = /^(?:because|it'?s because|the answer|answer:|потому что|ответ:|ведь)/;

/** Words that address the user; a question without them ("Why did the chicken…?") may be a riddle, not a request. */
const ADDRESSED =
  /\b(?:you|your|yours)\b|(?:^|[^\p{L}])(?:вы|вас|вам|ваш\p{L}*|ты|тебя|тебе|твой|твоя|твое|уточните|укажите|подскажите|напишите|сообщите|скажите|назовите)(?![\p{L}])/u;

/** Sentences after an opening request that may still explain it (options, examples, why it asks). */
const SUPPORT = 2;

type SentenceKind = "request" | "neutral" | "refusal" | "statement";

// Compiled once: this runs on every no-call reply.
/** A sentence end: terminal punctuation before a space or the end, or a line break. */
const SENTENCE_END = /[.!?？…]+(?=\s|$)|\n/g;
/** A word before a full stop that does not end a sentence: a single letter (U.S.) or a common abbreviation. */
const ABBREVIATION =
  /(?:^|[\s(])(?:\p{L}|e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|т\.е|т\.д|т\.п|г|гг|др|ул|им|см|напр)$/iu;
const MARKUP = /[*_#>`|]+/g;
const OPENING_QUOTES = /^[\s"'«“„]+/;
const APOSTROPHES = /[‘’`´]/g;
const LIST_MARKER = /^\s*(?:[-•]|\d+[.)])\s+/;

const OFFER =
  /^(?:(?:so |and |or |also |otherwise |alternatively |meanwhile )?(?:would you like|how about|как насч[её]т|do you want me|did you want me|want me to|shall i|should i|can i (?:help|assist|do|get)|may i (?:help|assist)|how (?:else )?can i (?:help|assist)|how may i|is there (?:anything|something)|anything else|need (?:anything|more|help|further)|do you need (?:anything|more|further|help|any)|let me know if|feel free|if you (?:have|need|want|would|'d|like)|please let me know if|please feel free|i hope|hope (?:this|that|it)|enjoy|have a|good luck))|^(?:хотите|хотели бы|не хотите|может быть,? (?:вам|вы)|могу ли я (?:ещ|чем|вам)|чем ещ[её]|если (?:нужно|хотите|понадобится|вам нужно|у вас)|нужно ли (?:ещ|что)|обращайтесь|надеюсь|удачи|хорошего)/;
const COURTESY =
  /^(?:thanks?(?: you)?|thank you|cheers|sure|of course|certainly|absolutely|great|okay|ok|got it|no problem|happy to help|i'?d be (?:happy|glad) to help(?: with that)?|i can help(?: you)?(?: with that)?|спасибо|конечно|хорошо|отлично|понял|ладно|с удовольствием|давайте|рад помочь)$/;
const PROMISE =
  /^(?:once|after|as soon as|when) you|^(?:for example|for instance|e\.g|such as|options (?:include|are)|examples? (?:include|are)|(?:it|they) (?:could|might|can) be|например|к примеру|допустим|варианты)|^(?:i can|i'll|i will) .*(?:right away|for you|immediately|straight away|then)$|^(?:then|that way|so that|with (?:that|this) (?:information|info|detail))|^(?:i(?:'ll| will) (?:then|be able|get|check|look|find|set|fetch|proceed|do|help|take care))|^(?:как только|после (?:этого|того)|тогда я|тогда смогу|и я (?:сразу|смогу))/;

const REQUEST =
  /^(?:please |kindly |пожалуйста,? )?(?:(?:could|can|would|will) you(?: please| kindly)? (?:tell|let|provide|specify|share|give|clarify|confirm|indicate|say|send|enter|describe|list|state|mention|identify|choose|select|pick|help me understand|point)|tell me|let me know (?!if)|provide|specify|share|give me|clarify|confirm|indicate|enter|state|mention|identify|choose|select)\b|\b(?:i(?: will| would|'ll|'d)? need (?:to know|a few|more|some|the|your|a |an |additional|further|clarification|details|information|you to (?:tell|specify|provide|share|confirm|clarify|let))|i (?:must|have to) know|i(?:'d| would) need|need (?:a bit )?more (?:information|details|context)|(?:is|are) (?:missing|required|needed) (?:to|before|for)|please (?:tell|let me know (?!if)|provide|specify|share|clarify|confirm|indicate|state|send|enter|give))\b|^(?:уточните|укажите|подскажите|напишите|сообщите|скажите|назовите|выберите|дайте знать|пришлите)|(?:мне нужно (?:знать|уточнить|больше)|нужно уточнить|нужна (?:дополнительная )?информация|необходимо (?:указать|уточнить|знать)|не хватает|пожалуйста,? (?:уточните|укажите|подскажите|напишите|сообщите|скажите|назовите))/;

const REFUSAL =
  /\b(?:i|we)(?:'m| am| are)? (?:(?:really |truly |currently |still )?(?:can ?not|can't|cannot|am unable|'m unable|are unable|unable|am not able|'m not able|not able|won't be able|will not be able|am not capable|'m not capable)|(?:do not|don't|currently don't|currently do not) have (?:the |any |a |an )?(?:ability|access|capabilit|tool|function|means|way|permission|real-time|realtime|live|internet|browsing|option|feature|integration)|have no (?:access|way|ability|means|tool|function|capabilit))|\b(?:unable to|not able to|no way to|not possible (?:for me )?to|beyond my|outside (?:of )?my|outside the scope|beyond the scope|not within my|not something i can|isn't something i can|is not something i can|i'?m afraid i|not (?:currently )?(?:supported|available to me)|none of the (?:available |provided |given )?(?:tools|functions)|no (?:available |suitable |appropriate |relevant )?(?:tool|function)s? (?:that|to|can|for|available)|(?:tools|functions) (?:available |provided )?(?:to me )?(?:do not|don't|cannot|can't) (?:allow|let|support|provide|do|handle|cover))|(?:не могу|не умею|не в состоянии|не имею (?:доступа|возможности)|нет (?:доступа|возможности|инструмента|такого инструмента|подходящего инструмента|функции|подходящей функции)|у меня нет|не удастся|не получится|невозможно|не поддерживается|вне моих возможностей|за пределами моих|не располагаю|недоступн|ни один из (?:доступных )?инструментов)/;
/** A contrast after the refusal that goes on to answer; one that offers an alternative keeps the refusal. */
const CONTRAST = /(?:,|;|\s)\s*(?:but|however|though|although|но|однако|зато)\s+(.+)$/;
const ALTERNATIVE =
  /^(?:i (?:can|could|'d|would|am|'m)|you (?:can|could|might|may|should)|try|please|here(?:'s| is| are) (?:how|some|a few|what)|я (?:могу|бы|могу)|могу|вы (?:можете|могли)|можете|попробуйте|рекомендую|советую|предлагаю)/;

function clean(sentence: string): string {
  return sentence
    .replace(APOSTROPHES, "'")
    .replace(MARKUP, " ")
    .replace(OPENING_QUOTES, "")
    .replace(LIST_MARKER, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function isRefusal(sentence: string): boolean {
  const marker = REFUSAL.exec(sentence);
  if (!marker) return false;
  const contrast = CONTRAST.exec(sentence.slice(marker.index + marker[0].length));
  return !contrast || ALTERNATIVE.test((contrast[1] ?? "").trim());
}

const ASKS = /[?？]\s*$/;
const TRAILING = /[.!?？…:;,\s]+$/;

function kindOf(raw: string, cleaned: string): SentenceKind {
  const asks = ASKS.test(raw);
  const sentence = cleaned.replace(TRAILING, "");
  if (sentence === "" || COURTESY.test(sentence)) return "neutral";
  if (OFFER.test(sentence) || PROMISE.test(sentence)) return "neutral";
  if (asks || REQUEST.test(sentence)) return "request";
  return isRefusal(sentence) ? "refusal" : "statement";
}

/** Splits a reply into sentences; a line break ends one too, so list items and headers stand alone. */
function sentences(text: string): string[] {
  const folded = text.normalize("NFKC").replace(/ё/g, "е").replace(/Ё/g, "Е");
  const out: string[] = [];
  let start = 0;
  for (const end of folded.matchAll(SENTENCE_END)) {
    const stop = end.index + end[0].length;
    // The word before the stop is all the abbreviation test needs: a bounded look keeps this linear.
    if (end[0] === "." && ABBREVIATION.test(folded.slice(Math.max(start, end.index - 8), end.index)))
      continue;
    const sentence = folded.slice(start, stop);
    if (sentence.trim() !== "") out.push(sentence);
    start = stop;
  }
  if (folded.slice(start).trim() !== "") out.push(folded.slice(start));
  return out;
}

/**
 * Classifies a reply that made no call.
 * @example classifyBehaviour("Which city do you mean?") // "question"
 * @example classifyBehaviour("Я не могу заказать пиццу.") // "refusal"
 * @example classifyBehaviour("Canberra is the capital. Anything else?") // "answer"
 */
export function classifyBehaviour(prose: string): Behaviour {
  const parts = sentences(prose);
  const cleaned = parts.map(clean);
  const kinds: SentenceKind[] = [];
  let opening = "";
  for (let i = 0; i < parts.length; i++) {
    const kind = kindOf(parts[i] as string, cleaned[i] as string);
    if (kind === "neutral") continue;
    // A question the reply answers itself ("Why…? Because…") is rhetorical: a statement, not a request.
    const answered = kind === "request" && SELF_ANSWER.test(cleaned[i + 1] ?? "");
    if (kinds.length === 0) opening = cleaned[i] as string;
    kinds.push(answered ? "statement" : kind);
  }
  if (kinds.at(-1) === "request") return "question";
  // An opening request to the user may be followed by a little support (options, examples, why it asks).
  const opensWithRequest =
    kinds[0] === "request" &&
    kinds.length <= 1 + SUPPORT &&
    !kinds.includes("refusal") &&
    ADDRESSED.test(opening);
  if (opensWithRequest) return "question";
  return kinds.includes("refusal") ? "refusal" : "answer";
}
