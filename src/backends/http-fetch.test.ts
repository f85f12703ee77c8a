import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { httpFetch } from "./http-fetch.js";

/**
 * A raw HTTP/1.1 server that answers the first request on each socket with keep-alive, then closes the socket
 * without a reply when a second request arrives on it: the race a kept-alive socket meets when the server times
 * it out just as the client reuses it.
 */
function serverClosingReusedSockets(options: { resetFresh?: boolean } = {}): Promise<{
  server: Server;
  url: string;
  connections: () => number;
}> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket: Socket) => {
    connections++;
    sockets.add(socket);
    let answered = 0;
    socket.on("data", () => {
      if (options.resetFresh || answered > 0) {
        socket.resetAndDestroy();
        return;
      }
      answered++;
      socket.write(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}",
      );
    });
    socket.on("error", () => {});
  });
  // Closing waits for every connection, and the client keeps the last one alive in its pool.
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") throw new Error("no port");
      resolve({ server, url: `http://127.0.0.1:${address.port}/v1/models`, connections: () => connections });
    }),
  );
}

let open: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (open ? open.close(resolve) : resolve(undefined)));
  open = undefined;
});

describe("httpFetch", () => {
  it("sends a request again on a fresh socket when the kept-alive one was closed under it", async () => {
    const { server, url, connections } = await serverClosingReusedSockets();
    open = server;
    expect((await httpFetch(url)).status).toBe(200);
    const second = await httpFetch(url, { method: "POST", body: "{}" });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("{}");
    expect(connections()).toBe(2);
  });

  it("still fails when the server resets fresh sockets too (negative control: no endless retry)", async () => {
    const { server, url, connections } = await serverClosingReusedSockets({ resetFresh: true });
    open = server;
    await expect(httpFetch(url)).rejects.toThrow(/fetch failed/);
    expect(connections()).toBe(1);
  });
});
