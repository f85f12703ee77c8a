/** `tooluse review` as a real process (from source, through tsx), for tests that need signals and SIGKILL. */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../../paths.js";

const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
const TSX = import.meta.resolve("tsx");

export interface ServeProcess {
  child: ChildProcess;
  /** The first stdout line (`review: http://…/`); rejects if the process exits first. */
  firstLine: Promise<string>;
  /** The URL from the first line. */
  url: Promise<string>;
  exit: Promise<number | null>;
  stderr(): string;
}

export function serveProcess(args: readonly string[]): ServeProcess {
  const child = spawn(process.execPath, ["--import", TSX, ENTRY, "review", ...args], {
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.on("exit", (code) =>
      reject(new Error(`tooluse review exited (${code}) before its address: ${err}`)),
    );
  });
  const url = firstLine.then((line) => {
    const match = /^review: (http:\/\/\S+\/)$/.exec(line);
    if (!match) throw new Error(`unexpected first line: ${line}`);
    return match[1] as string;
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, firstLine, url, exit, stderr: () => err };
}

/** The page's token, read the way the page's own script reads it: from the meta tag of a served page. */
export async function pageToken(url: string): Promise<string> {
  const page = await (await fetch(url)).text();
  const token = /<meta name="review-token" content="([^"]+)">/.exec(page)?.[1];
  if (!token) throw new Error("no review-token meta tag on the page");
  return token;
}
