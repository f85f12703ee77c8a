/**
 * What keeps a local review server local: the Host header must name the address it is bound to (a page on another
 * site that rebinds its DNS name to 127.0.0.1 sends its own name and is refused), every state-changing request
 * carries the database's token (which only a page served by this server can read), and every response forbids
 * inline script, framing, sniffing and referrers.
 */
import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

/** Only our own files: no inline script or style, nothing from elsewhere, no frames, no forms posted anywhere. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

export const TOKEN_HEADER = "X-Review-Token";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/** `::1` → `[::1]`: how an IPv6 address appears in a Host header. */
function hostForm(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host.toLowerCase();
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Decides which Host headers the server answers. Bound to a loopback address: that address and the loopback names,
 * with the bound port. Bound to a wildcard (the user asked for every interface): any IP literal or localhost with
 * the port, never a DNS name (that is what a rebinding attack sends). Bound to a named host: that name.
 */
export function hostCheck(boundHost: string, port: number): (header: string | undefined) => boolean {
  const bound = hostForm(boundHost);
  const names = new Set([bound, ...(isLoopback(boundHost) ? LOOPBACK_NAMES : [])]);
  const wildcard = WILDCARDS.has(boundHost);
  return (header) => {
    if (header === undefined) return false;
    const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d+)$/i.exec(header.trim());
    if (!match || Number(match[2]) !== port) return false;
    const name = (match[1] as string).toLowerCase();
    if (wildcard) return name === "localhost" || isIP(name.replace(/^\[|\]$/g, "")) !== 0;
    return names.has(name);
  };
}

/** Constant-time comparison, so the token cannot be guessed a character at a time from response times. */
export function tokenMatches(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(token, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET and HEAD read; everything else changes state and needs the token. */
export function changesState(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}
