/** The tree the forgiving reader builds from a planner's text, and the issues it records on the way. */

export interface Span {
  start: number;
  end: number;
}
export interface ObjectNode extends Span {
  kind: "object";
  entries: Entry[];
}
export interface ArrayNode extends Span {
  kind: "array";
  items: Node[];
}
/** A parenthesised group such as `(1)`, `((1), (2))` or `(1, 2)`; only placeholders live there, so it stays raw. */
export interface GroupNode extends Span {
  kind: "group";
  raw: string;
}
export interface StringNode extends Span {
  kind: "string";
  value: string;
}
export interface NumberNode extends Span {
  kind: "number";
  value: number;
}
export interface WordNode extends Span {
  kind: "word";
  value: string;
}
export interface CallNode extends Span {
  kind: "call";
  name: string;
  args: Node[];
}
export type Node = ObjectNode | ArrayNode | GroupNode | StringNode | NumberNode | WordNode | CallNode;

export interface Entry extends Span {
  /** null when a value stands where a key was expected (`{ {...}, {...} }`). */
  key: string | null;
  keyKind: "string" | "number" | "word" | "none";
  value: Node | null;
}

export type ReaderIssueCode =
  | "invalid-syntax"
  | "unbalanced-brackets"
  | "missing-comma"
  | "single-quotes"
  | "unescaped-quote"
  | "unquoted-key"
  | "trailing-comma";

export interface ReaderIssue {
  code: ReaderIssueCode;
  offset: number;
  message: string;
}
