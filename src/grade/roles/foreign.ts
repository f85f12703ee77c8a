/**
 * A question in another language than the reply's is quoted material (docs/reply-roles.md, rule U3): the requested
 * translation "Wo ist der Bahnhof?" answers, it does not ask. Told apart by script (a Latin-script question in a
 * Russian reply, a Cyrillic one in an English reply), by Spanish inverted marks, or, within Latin script, by function
 * words of German, French, Spanish, Italian or Portuguese outnumbering English ones.
 */
/** Which script most of the reply's letters are in: a question in the other one is quoted material. */
export type Script = "latin" | "cyrillic";

const ENGLISH = new Set(
  "the an is are was were be been do does did you your it its to of in for on with at by from this that these those what which where when who whom how why can could would should will shall may might must my me we us our they them he she his her not no and or but if so as there here have has had am please just".split(
    " ",
  ),
);
const OTHER_LATIN = new Set(
  "wo ist der die das den dem und nicht wie was wann warum sie ich du ein eine einen bitte gibt où est la le les des une un vous tu je et comment quand quel quelle quoi pourquoi dónde donde está es el los las una usted tú qué cómo cuándo por dove è il lo gli che sono siete onde fica está você são".split(
    " ",
  ),
);

/** True when the question is written in another language than the reply around it. */
export function isForeignQuestion(text: string, script: Script): boolean {
  if (text.includes("¿") || text.includes("¡")) return true;
  const words = text.match(/[\p{L}'’]+/gu) ?? [];
  if (words.length === 0) return false;
  const cyrillic = words.filter((word) => /\p{Script=Cyrillic}/u.test(word)).length;
  if (script === "cyrillic") return cyrillic === 0 && words.length >= 2;
  if (cyrillic === words.length) return true;
  // Single letters ("a", "i") belong to too many languages to count for either side.
  const english = words.filter((word) => ENGLISH.has(word)).length;
  const other = words.filter((word) => OTHER_LATIN.has(word)).length;
  return other > english;
}
