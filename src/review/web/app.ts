/**
 * The review workbench as a Hono app: the guards every request passes (Host, token, headers), the JSON API, the
 * pages and the two static files. It talks to the data layer through the ReviewStore interface only.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ReviewStore } from "../contract.js";
import { registerApi } from "./api.js";
import { ASSETS, assetResponse } from "./assets.js";
import { registerPages } from "./pages/routes.js";
import { changesState, originMatches, SECURITY_HEADERS, TOKEN_HEADER, tokenMatches } from "./security.js";

export interface ReviewAppOptions {
  /** Every label is stored under this name; null: each request names its annotator. */
  annotator: string | null;
  /** Whether a request's Host header names this server (see hostCheck). */
  allowHost: (host: string | undefined) => boolean;
}

/** Labels and edited plans are small; a larger body is a mistake or an attack. */
const MAX_BODY_BYTES = 1024 * 1024;

function refuse(path: string, status: 403 | 413 | 415, error: string): Response {
  const api = path.startsWith("/api/");
  return new Response(api ? JSON.stringify({ error }) : `${error}\n`, {
    status,
    headers: { "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8" },
  });
}

export function createReviewApp(store: ReviewStore, options: ReviewAppOptions): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });

  app.use("*", async (c, next) => {
    const host = c.req.header("host");
    if (!options.allowHost(host))
      return refuse(c.req.path, 403, "this server answers only to the address it is bound to (Host header)");
    if (!originMatches(c.req.header("origin"), host))
      return refuse(c.req.path, 403, "this server answers only its own pages (Origin header)");
    if (changesState(c.req.method)) {
      if (!tokenMatches(c.req.header(TOKEN_HEADER), store.token))
        return refuse(c.req.path, 403, `missing or wrong ${TOKEN_HEADER} header`);
      if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
        return refuse(c.req.path, 415, "expected a JSON body (Content-Type: application/json)");
    }
    return next();
  });
  app.use(
    "*",
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuse(c.req.path, 413, "body too large") }),
  );

  for (const [name, asset] of Object.entries(ASSETS)) app.get(`/assets/${name}`, () => assetResponse(asset));
  registerApi(app, store, options.annotator);
  registerPages(app, store, options.annotator);
  return app;
}
