/**
 * What keeps a local review server local: it listens on a loopback address unless --allow-remote says otherwise
 * (src/cli/review.ts); the Host header must name a loopback address (a page on another site that rebinds its DNS
 * name to 127.0.0.1 sends its own name and is refused); an Origin, when sent, must be this server; every
 * state-changing request carries the database's token (which only a page served by this server can read); and
 * every response forbids inline script, framing, sniffing and referrers.
 */
import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { pagePolicy, policyHeader } from "../../render/page-shell.js";

/** Only our own files: no inline script or style, nothing from elsewhere, no frames, no forms posted anywhere. */
export const CONTENT_SECURITY_POLICY = pagePolicy({
  scripts: "self",
  styles: "self",
  connect: "self",
  images: "self",
  unframed: true,
});

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...policyHeader(CONTENT_SECURITY_POLICY),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

export const TOKEN_HEADER = "X-Review-Token";

/** 127.0.0.0/8 and ::1, in every spelling (`0:0:0:0:0:0:0:1`, `::ffff:127.0.0.1`): addresses no other machine reaches. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** The wildcard addresses (`--host 0.0.0.0` or `::`): every interface. */
const WILDCARD = new BlockList();
WILDCARD.addAddress("0.0.0.0", "ipv4");
WILDCARD.addAddress("::", "ipv6");

type Ip = { address: string; family: "ipv4" | "ipv6" };

function inList(list: BlockList, ip: Ip): boolean {
  try {
    return list.check(ip.address, ip.family);
  } catch {
    // An address BlockList cannot read (an IPv6 zone id): in no list.
    return false;
  }
}

/** `[::1]` → `::1`: an IPv6 literal as a Host header or URL writes it. */
function unbracketed(host: string): string {
  return /^\[.*\]$/.test(host) ? host.slice(1, -1) : host;
}

/** An IP literal, unbracketed, or null for a name. */
function ipLiteral(host: string): Ip | null {
  const address = unbracketed(host);
  const version = isIP(address);
  return version === 0 ? null : { address, family: version === 6 ? "ipv6" : "ipv4" };
}

/**
 * A loopback address (any spelling) or the name `localhost`: reachable from this machine only. Every other name
 * counts as remote, since it may resolve to any address.
 */
export function isLoopbackHost(host: string): boolean {
  const ip = ipLiteral(host);
  if (ip === null) return host.toLowerCase() === "localhost";
  return inList(LOOPBACK, ip);
}

/** A Host header's name (lower case) and port; a header without a port names HTTP's default, 80. */
function parseHost(header: string): { name: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]@/\\\s]+)(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!match) return null;
  return { name: (match[1] as string).toLowerCase(), port: match[2] === undefined ? 80 : Number(match[2]) };
}

/**
 * Decides which Host headers the server answers; the port must be the bound one. Bound to a loopback address (the
 * default, and the only choice without --allow-remote): only a Host that names a loopback address — `localhost` or
 * a loopback IP literal (`127.0.0.1`, `[::1]`…); a DNS name is what a page that rebinds its name to 127.0.0.1
 * sends, and another IP literal is not this server's. Bound elsewhere (--allow-remote): `localhost`, any IP literal
 * (bound to a wildcard) or the bound address, and the bound name when it is one; never another DNS name.
 */
export function hostCheck(boundHost: string, port: number): (header: string | undefined) => boolean {
  const bound = ipLiteral(boundHost);
  const loopback = isLoopbackHost(boundHost);
  const wildcard = bound !== null && inList(WILDCARD, bound);
  const boundName = bound === null ? boundHost.toLowerCase() : null;
  return (header) => {
    const host = header === undefined ? null : parseHost(header);
    if (host === null || host.port !== port) return false;
    if (isLoopbackHost(host.name)) return true;
    if (loopback) return false;
    const ip = ipLiteral(host.name);
    if (ip === null) return host.name === boundName;
    if (wildcard) return true;
    return bound !== null && sameAddress(ip, bound);
  };
}

/** The same address however it is spelled (`::ffff:10.0.0.1` is `10.0.0.1`). */
function sameAddress(a: Ip, b: Ip): boolean {
  const list = new BlockList();
  try {
    list.addAddress(b.address, b.family);
  } catch {
    return a.address === b.address;
  }
  return inList(list, a);
}

/**
 * A request's Origin, when it sends one, is this server as the Host header names it: a page elsewhere (or an opaque
 * `null` origin: a sandboxed frame, a file) gets 403, whatever token it holds. Browsers send Origin with every
 * cross-origin request and with same-origin POSTs; a request without one (a navigation, curl) is judged by Host
 * and token alone.
 */
export function originMatches(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (host === undefined) return false;
  try {
    // An Origin is a scheme and a host, nothing more: a path or credentials are not a browser's.
    if (!/^http:\/\/[^/@\s]+$/i.test(origin)) return false;
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
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
