/**
 * The first gate for model-written SQL, shared by both engines: one statement, and it must be a query (SELECT,
 * WITH … SELECT, VALUES). It reads the text as SQL tokens (comments, strings and quoted names skipped), so a
 * semicolon inside a string is not a second statement. It is not the only gate: each engine also runs the query
 * read-only with external access off (engines/duckdb.ts, engines/postgres.ts), so what this lets through still
 * cannot write or reach a file.
 */

export type GuardOutcome = { ok: true; sql: string } | { ok: false; message: string };

/** The first words a read-only query may start with. */
const QUERY_STARTS = new Set(["select", "with", "values", "from"]);
const MAX_SQL_CHARS = 100_000;

interface Scan {
  /** The text with comments replaced by spaces (strings kept). */
  text: string;
  /** Offsets of semicolons outside strings, quoted names and comments. */
  semicolons: number[];
  /** An unterminated string, quoted name or comment, if any. */
  unterminated: string | null;
}

function scan(sql: string): Scan {
  let text = "";
  const semicolons: number[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? n : end;
      text += " ".repeat(stop - i);
      i = stop;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      if (end === -1) return { text, semicolons, unterminated: "a /* comment */" };
      text += " ".repeat(end + 2 - i);
      i = end + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      // A quote inside is doubled ('it''s'); backslashes are not escapes in standard strings.
      let j = i + 1;
      for (;;) {
        const close = sql.indexOf(c, j);
        if (close === -1) return { text, semicolons, unterminated: c === "'" ? "a string" : "a quoted name" };
        if (sql[close + 1] === c) {
          j = close + 2;
          continue;
        }
        text += sql.slice(i, close + 1);
        i = close + 1;
        break;
      }
      continue;
    }
    if (c === "$" && /^\$[A-Za-z_]*\$/.test(sql.slice(i, i + 64))) {
      // PostgreSQL dollar quoting: $$…$$ or $tag$…$tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0] ?? "$$";
      const close = sql.indexOf(tag, i + tag.length);
      if (close === -1) return { text, semicolons, unterminated: "a dollar-quoted string" };
      text += sql.slice(i, close + tag.length);
      i = close + tag.length;
      continue;
    }
    if (c === ";") semicolons.push(text.length);
    text += c;
    i++;
  }
  return { text, semicolons, unterminated: null };
}

/**
 * Accepts one read-only query and returns it without trailing semicolons and comments at its ends; refuses
 * anything else with a message a model can act on in its repair turn.
 */
export function guardSql(sql: string): GuardOutcome {
  if (sql.length > MAX_SQL_CHARS)
    return { ok: false, message: `the query is longer than ${MAX_SQL_CHARS} characters` };
  const scanned = scan(sql);
  if (scanned.unterminated)
    return { ok: false, message: `the query has an unterminated ${scanned.unterminated}` };
  let text = scanned.text.trim();
  while (text.endsWith(";")) text = text.slice(0, -1).trimEnd();
  if (text === "") return { ok: false, message: "there is no query" };
  const inner = scan(text).semicolons;
  if (inner.length > 0)
    return { ok: false, message: "only one statement is allowed: the text holds several (separated by ;)" };
  const first = /^[(\s]*([A-Za-z_]+)/.exec(text)?.[1]?.toLowerCase() ?? "";
  if (!QUERY_STARTS.has(first))
    return {
      ok: false,
      message: `only a read-only query is allowed (SELECT or WITH … SELECT); this statement starts with ${first === "" ? "no keyword" : first.toUpperCase()}`,
    };
  return { ok: true, sql: text };
}
