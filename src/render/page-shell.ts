/**
 * The one shell of every HTML page we write or serve: the content-security policy, built from the hashes of the
 * page's own inline script and style, and the document frame around the page's body. The ToolUse.1 report, the
 * planning pages and the review workbench all build their documents here, so a change to the policy's shape or the
 * head reaches every page.
 */
import { createHash } from "node:crypto";
import { html, type SafeHtml } from "./escape.js";

/**
 * Where a kind of content may come from: our own inline texts (each allowed by its sha256 hash; none at all when
 * the list is empty), our own server's files (`"self"`), or any inline style (`"unsafe-inline"`).
 */
export type Sources = readonly string[] | "self" | "unsafe-inline";

export interface PolicyOptions {
  scripts: Sources;
  styles: Sources;
  /** Where a script may fetch from: the review pages call their own API. Omitted: nowhere (default-src). */
  connect?: "self";
  /** Images: inline `data:` ones (a self-contained file) or our server's files. */
  images?: "data" | "self";
  /** Forbid every frame around the page: only a header policy can say so (a meta tag's is ignored). */
  unframed?: boolean;
}

function hashOf(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function sourceList(sources: Sources): string {
  if (sources === "self") return "'self'";
  if (sources === "unsafe-inline") return "'unsafe-inline'";
  return sources.length === 0 ? "'none'" : sources.map(hashOf).join(" ");
}

/**
 * Nothing may be fetched or run but what the options name: every other kind falls back to `default-src 'none'`, no
 * `<base>` may move the page's links and no form may post anywhere. An injected inline script or style matches no
 * hash, so it does not apply.
 */
export function pagePolicy(options: PolicyOptions): string {
  return [
    "default-src 'none'",
    `script-src ${sourceList(options.scripts)}`,
    `style-src ${sourceList(options.styles)}`,
    ...(options.connect === undefined ? [] : [`connect-src '${options.connect}'`]),
    `img-src ${options.images === "self" ? "'self'" : "data:"}`,
    "base-uri 'none'",
    "form-action 'none'",
    ...(options.unframed === true ? ["frame-ancestors 'none'"] : []),
  ].join("; ");
}

/** The response header that carries a served page's policy. */
export function policyHeader(policy: string): Readonly<Record<string, string>> {
  return { "Content-Security-Policy": policy };
}

export interface PageDocument {
  /** The document title (escaped). */
  title: SafeHtml | string;
  /**
   * A self-contained file carries its policy in a meta tag (no server sends a header for it) and an empty icon (so
   * the browser asks for no favicon.ico beside it). Null: a served page, whose server sends both.
   */
  filePolicy: string | null;
  /** What the head holds after the title: the page's style, or its meta tags and links to the server's files. */
  head: SafeHtml;
  /** Attributes of <body> (each escaped where it was built). */
  bodyAttributes?: readonly SafeHtml[];
  /** Everything inside <body>, ending with a newline. */
  body: SafeHtml;
}

/** The whole document: doctype, head (charset, policy, referrer, viewport, icon, title, the page's part), body. */
export function pageDocument(page: PageDocument): string {
  const policy =
    page.filePolicy === null
      ? ""
      : html`
<meta http-equiv="Content-Security-Policy" content="${page.filePolicy}">`;
  const icon =
    page.filePolicy === null
      ? ""
      : html`
<link rel="icon" href="data:,">`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">${policy}
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">${icon}
<title>${page.title}</title>
${page.head}
</head>
<body${page.bodyAttributes ?? []}>
${page.body}</body>
</html>
`.value;
}
