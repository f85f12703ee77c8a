/** An Io that records what a command printed, for tests. */
import type { Io } from "../cli/io.js";

export function captureIo(): Io & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    isTTY: false,
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}
