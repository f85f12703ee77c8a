/**
 * The one error class for failures a user can cause (bad flags, bad files, an unwritable folder): printed as one
 * line, never a stack. `usage`: what the user gave is wrong (a flag, a missing path, a file's content), exit 2.
 * `failure`: the environment failed (an unwritable folder, an unreadable file, a full disk), exit 1.
 */
export type UserErrorKind = "usage" | "failure";

export interface UserErrorOptions {
  /** Default `usage`. */
  kind?: UserErrorKind;
  /** What to do about it, appended to the line after a semicolon. */
  hint?: string;
  cause?: unknown;
}

export class UserError extends Error {
  override name = "UserError";
  readonly kind: UserErrorKind;
  readonly hint: string | null;

  constructor(message: string, options: UserErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind ?? "usage";
    this.hint = options.hint ?? null;
  }

  /** 2 for a usage mistake, 1 for a failure. */
  get exitCode(): 1 | 2 {
    return this.kind === "usage" ? 2 : 1;
  }
}

/** Formats a zod issue path as `messages[2].content`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
  }
  return out === "" ? "(record)" : out;
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EISDIR: "is a folder, not a file",
  ENOTDIR: "a part of the path is not a folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EEXIST: "already exists",
  ENAMETOOLONG: "name too long",
  EMFILE: "too many open files",
  EPIPE: "broken pipe: the reader went away",
  ENXIO: "no such device or reader",
  EFBIG: "file too large for this system or its limits",
  EIO: "input/output error",
};

/** The system error code of a file-system failure (`ENOENT`, `EACCES`…), or null for anything else. */
export function fileErrorCode(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && /^E[A-Z]+$/.test(code) ? code : null;
}

/** `no such file or folder (ENOENT)`: the words for a system error code, with the code for searching. */
export function describeFileError(code: string): string {
  const words = FILE_PROBLEMS[code];
  return words ? `${words} (${code})` : code;
}

/** A UserError for a file that cannot be read: missing and folder are usage mistakes, the rest failures. */
export function cannotRead(file: string, error: unknown): UserError {
  const code = fileErrorCode(error);
  if (code === null) return new UserError(`${file}: cannot read (${String(error)})`, { kind: "failure" });
  const usage = code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR";
  return new UserError(`${file}: cannot read: ${describeFileError(code)}`, {
    kind: usage ? "usage" : "failure",
    hint: code === "ENOENT" ? "check the path" : code === "EISDIR" ? "give a file inside it" : undefined,
    cause: error,
  });
}

/** A UserError for a file that cannot be written (an unwritable or missing folder, a full disk). */
export function cannotWrite(file: string, error: unknown): UserError {
  const code = fileErrorCode(error) ?? String(error);
  return new UserError(`${file}: cannot write: ${describeFileError(code)}`, {
    kind: "failure",
    hint: "choose a folder you can write to",
    cause: error,
  });
}
