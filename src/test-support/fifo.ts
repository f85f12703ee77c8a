/** A FIFO with a reader for tests: `cat` in a process of its own, so a writer that blocks cannot starve it. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export interface ReadFifo {
  fifo: string;
  reader: ChildProcess;
  /** What the reader got, once the writer closed the FIFO. */
  received: () => Promise<string>;
}

/** Makes a FIFO at `fifo` and starts `cat` reading it into `${fifo}.received`. */
export function fifoWithReader(fifo: string): ReadFifo {
  execFileSync("mkfifo", [fifo]);
  const got = `${fifo}.received`;
  const reader = spawn("sh", ["-c", 'cat "$0" > "$1"', fifo, got], { stdio: "ignore" });
  const done = new Promise<void>((resolve) => reader.on("exit", () => resolve()));
  const received = async () => {
    await done;
    return readFileSync(got, "utf8");
  };
  return { fifo, reader, received };
}
