/**
 * The secret redactor: the one function every string passes on its way to a file, the terminal or an error message.
 * It removes the secrets this process holds (an API key's value, the credentials of a server's URL) wherever they
 * appear, whatever carried them there (a server that echoes the Authorization header, an exception message, a URL in
 * a log line). Secrets are held where they are read (the backend that is handed the key), so the writers need not
 * know where a secret came from, and a secret that never reaches a writer costs nothing.
 */

/** What a secret becomes. Kept valid inside a URL's userinfo, so a redacted base URL still parses. */
export const REDACTED = "***";

/**
 * Fragments shorter than this are not redacted: blanking every `abc` in a results file would destroy outputs, and a
 * key that short guards nothing (README, "Errors, exit codes and files").
 */
export const MIN_SECRET_LENGTH = 6;

const held = new Set<string>();
/** The held fragments, longest first (so a key is removed before a fragment of it); rebuilt when one is added. */
let ordered: string[] = [];

function hold(fragment: string): void {
  if (fragment.length < MIN_SECRET_LENGTH || held.has(fragment)) return;
  held.add(fragment);
  ordered = [...held].sort((a, b) => b.length - a.length);
}

/** The forms a secret can take in text: as given, trimmed, each line of it, and each of those JSON-escaped. */
function variants(value: string): string[] {
  const plain = [value, value.trim(), ...value.split(/\r\n|\r|\n/).map((line) => line.trim())];
  const escaped = plain.map((text) => JSON.stringify(text).slice(1, -1));
  const encoded = plain.map((text) => encodeURIComponent(text));
  return [...plain, ...escaped, ...encoded];
}

/** Keeps `value` (an API key) out of everything written from now on, in every form listed by `variants`. */
export function holdSecret(value: string | null | undefined): void {
  if (typeof value !== "string" || value.trim() === "") return;
  for (const fragment of variants(value)) hold(fragment);
}

/** `user:password` of a URL, or null when it has none. */
function userinfoOf(url: string): { user: string; password: string } | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]*)@/i.exec(url);
  if (!match?.[1]) return null;
  const [user = "", ...rest] = match[1].split(":");
  return { user, password: rest.join(":") };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Keeps the credentials of `url` (`http://user:password@host`) out of everything written from now on: the password,
 * the whole userinfo, and the `Basic` header value a client builds from them (a server may echo it back).
 */
export function holdUrlCredentials(url: string): void {
  const userinfo = userinfoOf(url);
  if (userinfo === null) return;
  const { user, password } = userinfo;
  const pair = `${decoded(user)}:${decoded(password)}`;
  holdSecret(`${user}:${password}`);
  holdSecret(pair);
  holdSecret(Buffer.from(pair).toString("base64"));
  if (password !== "") {
    holdSecret(password);
    holdSecret(decoded(password));
  }
}

/** Text without any held secret. Cheap when none is held or none occurs. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of ordered) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** A URL's userinfo (`scheme://user:password@`), anywhere in a text. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s"'<>]+@/gi;

/** `url` without the credentials of its userinfo: `http://***@host/v1` (a URL without userinfo is unchanged). */
export function redactUrl(url: string): string {
  return url.replace(USERINFO, `$1${REDACTED}@`);
}

/**
 * What a person may see: no held secret and no URL credentials at all (for the terminal and error messages; files
 * keep URLs in model outputs as they were, so a stored output is still the output that was graded).
 */
export function redact(text: string): string {
  return redactUrl(redactSecrets(text));
}

/** A JSON-like value with every string passed through `redactSecrets` (objects and arrays are copied, not changed). */
export function redactSecretsIn<T>(value: T): T {
  if (ordered.length === 0) return value;
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item);
    return out;
  }
  return value;
}
