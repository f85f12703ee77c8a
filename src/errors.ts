/** The one error class for failures a user can cause (bad flags, bad files): printed as one line, never a stack. */
export class UserError extends Error {
  override name = "UserError";
}

/** Formats a zod issue path as `messages[2].content`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
  }
  return out === "" ? "(record)" : out;
}
