/**
 * What an output path names, decided once for the writer and for the checks a command makes before it works: stdout
 * (`-`, `/dev/stdout`), a regular file or a path that does not exist yet (written atomically), or something that
 * exists and is not a regular file (a device, a FIFO, a descriptor of this process) and is written in place, never
 * replaced. Symbolic links are followed to what they name, so a link stays a link.
 */
import { lstatSync, readlinkSync, type Stats, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileErrorCode, UserError } from "../errors.js";

/** The path that means stdout on every output flag. */
export const STDOUT_PATH = "-";

export type OutputTarget =
  /** The process's standard output. */
  | { kind: "stdout" }
  /** A regular file, or a path where one will be created: `path` is the file itself, links followed. */
  | { kind: "file"; path: string; exists: boolean }
  /** Something that exists and is written in place: a character device, a FIFO, an open descriptor. */
  | { kind: "stream"; path: string; what: StreamKind };

export type StreamKind = "character device" | "FIFO" | "descriptor";

/** A descriptor of a process, as the kernel names it: `/proc/self/fd/1`, `/dev/fd/3`. */
const DESCRIPTOR = /^\/(?:proc\/(?:self|thread-self|\d+)\/fd|dev\/fd)\/(\d+)$/;
const STANDARD = new Map([
  ["/dev/stdout", 1],
  ["/dev/stderr", 2],
  ["/dev/stdin", 0],
]);
/** As the kernel allows (SYMLOOP_MAX is 40 on Linux). */
const MAX_LINKS = 40;

/** The descriptor number a path names (`/dev/stdout` is 1), or null for any other path. */
function descriptorOf(path: string): number | null {
  const standard = STANDARD.get(path);
  if (standard !== undefined) return standard;
  const match = DESCRIPTOR.exec(path);
  if (!match?.[1]) return null;
  const pid = path.split("/")[2];
  // Another process's descriptor is a path like any other: the kernel opens what it points to.
  if (path.startsWith("/proc/") && pid !== "self" && pid !== "thread-self" && pid !== String(process.pid))
    return null;
  return Number(match[1]);
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if (fileErrorCode(error) === "ENOENT") return null;
    throw error;
  }
}

/**
 * Decides what `path` names. A folder, a socket and a block device are refused here (writing a report into a disk is
 * never what was meant); so is a loop of links. File-system failures other than "missing" are thrown as they are.
 */
export function outputTarget(path: string): OutputTarget {
  if (path === STDOUT_PATH) return { kind: "stdout" };
  let current = resolve(path);
  for (let hops = 0; ; hops++) {
    const descriptor = descriptorOf(current);
    // The links of /proc name pipes and sockets that no path reaches (`pipe:[123]`): open the descriptor itself.
    if (descriptor === 1) return { kind: "stdout" };
    if (descriptor === 0)
      throw new UserError(`${path}: is the standard input, not an output`, { hint: "give a file or -" });
    if (descriptor !== null) return streamOrRefuse(path, current, statSync(current), "descriptor");
    const stat = lstatOrNull(current);
    if (stat === null) return { kind: "file", path: current, exists: false };
    if (!stat.isSymbolicLink()) return classify(path, current, stat);
    if (hops === MAX_LINKS)
      throw new UserError(`${path}: too many symbolic links (a loop?)`, { hint: "give the file itself" });
    current = resolve(dirname(current), readlinkSync(current));
  }
}

function classify(path: string, current: string, stat: Stats): OutputTarget {
  if (stat.isFile()) return { kind: "file", path: current, exists: true };
  if (stat.isCharacterDevice()) return { kind: "stream", path: current, what: "character device" };
  if (stat.isFIFO()) return { kind: "stream", path: current, what: "FIFO" };
  return streamOrRefuse(path, current, stat, "descriptor");
}

function streamOrRefuse(path: string, current: string, stat: Stats, what: StreamKind): OutputTarget {
  if (stat.isDirectory()) throw new UserError(`${path}: is a folder`, { hint: "give a file name inside it" });
  if (stat.isSocket())
    throw new UserError(`${path}: is a socket, not a file`, { hint: "give a file, a pipe or -" });
  if (stat.isBlockDevice())
    throw new UserError(`${path}: is a block device; refusing to write into it`, { hint: "give a file" });
  if (stat.isFile() && what !== "descriptor") return { kind: "file", path: current, exists: true };
  return { kind: "stream", path: current, what: stat.isFIFO() ? "FIFO" : what };
}
