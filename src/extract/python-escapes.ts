/** Python's one-character string escapes (`\n`, `\t`, …; a backslash before a newline joins the lines), shared by both Python readers. */
export const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "\n": "",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\u0007",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};
