/** Starts the workbench on a host and port (0: any free port) and says where it listens. */
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";
import type { ReviewStore } from "../contract.js";
import { createReviewApp } from "./app.js";
import { hostCheck } from "./security.js";

export interface ReviewServerOptions {
  host: string;
  port: number;
  annotator: string | null;
}

export interface RunningReviewServer {
  /** `http://HOST:PORT/`, IPv6 hosts in brackets. */
  url: string;
  port: number;
  /** Stops accepting requests and ends open connections; the store stays open (its owner closes it). */
  close(): Promise<void>;
}

function reviewUrl(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;
}

/** Rejects with the listen error (EADDRINUSE, EACCES, EADDRNOTAVAIL…) instead of crashing the process. */
export async function startReviewServer(
  store: ReviewStore,
  options: ReviewServerOptions,
): Promise<RunningReviewServer> {
  let app: Hono | null = null;
  const server = createAdaptorServer({
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response("starting", { status: 503 })),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  app = createReviewApp(store, { annotator: options.annotator, allowHost: hostCheck(options.host, port) });
  return {
    url: reviewUrl(options.host, port),
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
