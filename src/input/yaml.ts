/**
 * YAML from untrusted files: every reader of a config or a corpus source parses through here. Before the `yaml`
 * package builds a tree (its composer recurses, and a few megabytes of `[` exhaust the heap), the token stream is
 * scanned for nesting deeper than MAX_NESTING; when the tree becomes values, aliases may expand at most
 * MAX_YAML_ALIASES times (a billion-laughs file is refused, not expanded). Each problem is one line with file and line.
 */
import { CST, type Document, isNode, Lexer, LineCounter, parseDocument, visit } from "yaml";
import { UserError } from "../errors.js";
import { type InputLimits, inputLimits, MAX_NESTING, MAX_YAML_ALIASES, nestedTooDeep } from "./limits.js";
import { readInputText } from "./read.js";

/** The lexer's marker tokens (not source text) and the one that announces a scalar's source as the next token. */
const SCALAR_MARKER = "\u001f";
const MARKERS = new Set(["doc-mode", "flow-error-end", "byte-order-mark"]);

/**
 * The first line where the nesting could pass `limit`, or null. An upper bound, never an underestimate: each open
 * indentation, each `-`, `?` or block `:` on a line and each open flow bracket counts one level.
 */
export function lineOfExcessiveNesting(text: string, limit: number = MAX_NESTING): number | null {
  const indents: number[] = [];
  let line = 1;
  let atLineStart = true;
  let indent = 0;
  let indicators = 0;
  let flow = 0;
  let scalarNext = false;
  const startLine = () => {
    atLineStart = true;
    indent = 0;
    indicators = 0;
  };
  const content = () => {
    if (!atLineStart) return;
    atLineStart = false;
    while (indents.length > 0 && (indents.at(-1) as number) >= indent) indents.pop();
    indents.push(indent);
  };
  const newlines = (token: string) => {
    for (let index = token.indexOf("\n"); index !== -1; index = token.indexOf("\n", index + 1)) line++;
  };
  for (const token of new Lexer().lex(text)) {
    if (token === SCALAR_MARKER) {
      scalarNext = true;
      continue;
    }
    if (scalarNext) {
      scalarNext = false;
      content();
      newlines(token);
      // A block scalar's source ends with its last line's newline: the next token starts a line.
      if (token.endsWith("\n")) startLine();
    } else {
      const type = CST.tokenType(token);
      if (type !== null && MARKERS.has(type)) continue;
      switch (type) {
        case "newline":
          line++;
          startLine();
          continue;
        case "space":
          if (atLineStart) indent = token.length;
          newlines(token);
          continue;
        case "comment":
          continue;
        case "doc-start":
          indents.length = 0;
          flow = 0;
          continue;
        case "seq-item-ind":
        case "explicit-key-ind":
          content();
          indicators++;
          break;
        case "map-value-ind":
          content();
          if (flow === 0) indicators++;
          break;
        case "flow-map-start":
        case "flow-seq-start":
          content();
          flow++;
          break;
        case "flow-map-end":
        case "flow-seq-end":
          flow = Math.max(0, flow - 1);
          continue;
        default:
          content();
          newlines(token);
      }
    }
    if (indents.length + indicators + flow > limit) return line;
  }
  return null;
}

export interface YamlSource {
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

export interface YamlOptions {
  /** The `yaml` package's error messages with a code frame and `linePos` (its default); default false here. */
  prettyErrors?: boolean;
}

/**
 * Parses YAML text (already read): a nesting bound first, then the `yaml` package. `shown` names the file in errors.
 * Syntax errors stay in `doc.errors` for the caller to word; only the limits throw here.
 */
export function parseYamlText(text: string, shown: string, options: YamlOptions = {}): YamlSource {
  const deep = lineOfExcessiveNesting(text);
  if (deep !== null) throw nestedTooDeep(`${shown}:${deep}`);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: options.prettyErrors ?? false });
  return { text, doc, lines };
}

/** Reads and parses a YAML file within the input limits (size, encoding, nesting). */
export function readYamlFile(
  file: string,
  shown = file,
  options: YamlOptions = {},
  limits: InputLimits = inputLimits(),
): YamlSource {
  return parseYamlText(readInputText(file, limits), shown, options);
}

/** The line of the first alias that refers to a node containing it (the value would contain itself), or null. */
function lineOfCircularAlias(source: YamlSource): number | null {
  let found: number | null = null;
  visit(source.doc, {
    Alias(_key, node, path) {
      const circular = path.some((ancestor) => isNode(ancestor) && ancestor.anchor === node.source);
      if (!circular) return undefined;
      found = source.lines.linePos(node.range?.[0] ?? 0).line;
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * The document's values. Aliases expand at most MAX_YAML_ALIASES times; an alias inside the node it names (a value
 * that contains itself) and an alias with no anchor before it are refused. Each is a UserError naming the file.
 */
export function yamlValue(source: YamlSource, shown: string): unknown {
  const circular = lineOfCircularAlias(source);
  if (circular !== null)
    throw new UserError(
      `${shown}:${circular}: a YAML alias inside the node it names (a value containing itself)`,
    );
  try {
    return source.doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (error instanceof ReferenceError && /excessive alias/i.test(error.message))
      throw new UserError(
        `${shown}: YAML aliases expand too far (more than ${MAX_YAML_ALIASES} alias expansions)`,
        { hint: "write the repeated values out, or use fewer aliases" },
      );
    if (error instanceof ReferenceError)
      throw new UserError(`${shown}: ${error.message.replace(/^\w/, (c) => c.toLowerCase())}`);
    throw error;
  }
}
