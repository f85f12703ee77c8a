/** A Hugging Face hub stand-in on 127.0.0.1: serves one repository's files at `/<repo>/resolve/main/<file>`. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeHub {
  /** The endpoint to give as HF_ENDPOINT. */
  url: string;
  /** Every path asked for, HEAD and GET alike. */
  requested: string[];
  close(): Promise<void>;
}

export async function startFakeHub(
  repo: string,
  files: Record<string, string | Uint8Array>,
): Promise<FakeHub> {
  const requested: string[] = [];
  const prefix = `/${repo}/resolve/main/`;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    requested.push(path);
    const body = path.startsWith(prefix) ? files[path.slice(prefix.length)] : undefined;
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body);
    res.writeHead(200, { "content-length": bytes.length, "content-type": "application/octet-stream" });
    res.end(req.method === "HEAD" ? undefined : bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
