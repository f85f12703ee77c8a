/**
 * The output writer: every file the program writes goes through it (the run journal, which only appends, is the one
 * exception). What happens depends on what the path names (src/io/target.ts):
 * - a regular file, or a path that does not exist yet: written atomically, to a temporary file beside it that is then
 *   renamed over it, so a crash leaves the old content or the new, never half of it;
 * - a device, a FIFO or a descriptor of this process: opened and written in place, never replaced (a rename would
 *   turn `/dev/null` or a named pipe into a regular file);
 * - `-` or `/dev/stdout`: the standard output the caller hands over.
 * Every piece of text passes the secret redactor on its way out. Failures are one UserError naming the path.
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { cannotWrite, fileErrorCode, UserError } from "../errors.js";
import { redactSecrets } from "../text/redact.js";
import { type OutputTarget, outputTarget } from "./target.js";

export interface OutputOptions {
  /** Where `-` and `/dev/stdout` go; default the process's stdout. */
  stdout?: (text: string) => void;
}

/** An output written piece by piece: it appears once `commit` is called, or (for a file) not at all. */
export interface Output {
  write(text: string): void;
  /** `text` and a newline. */
  writeLine(text: string): void;
  /** Everything written so far becomes the output; returns the number of bytes written. */
  commit(): number;
  /** Gives up: a file is left as it was; what already went to a stream stays there. A no-op after `commit`. */
  discard(): void;
}

/** Writes `content` to `path` as a whole (see the module header); returns the number of bytes written. */
export function writeOutput(path: string, content: string, options: OutputOptions = {}): number {
  const output = openOutput(path, options);
  try {
    output.write(content);
    return output.commit();
  } finally {
    output.discard();
  }
}

/** Opens `path` for writing piece by piece (see the module header). */
export function openOutput(path: string, options: OutputOptions = {}): Output {
  const target = targetOf(path);
  switch (target.kind) {
    case "stdout":
      return new SinkOutput(options.stdout ?? ((text) => process.stdout.write(text)));
    case "file":
      return new AtomicOutput(path, target.path);
    case "stream":
      return new StreamOutput(path, target);
  }
}

function targetOf(path: string): OutputTarget {
  try {
    return outputTarget(path);
  } catch (error) {
    throw error instanceof UserError ? error : cannotWrite(path, error);
  }
}

/** Bytes gathered before they go out: few system calls, little held in memory. */
const BUFFER_BYTES = 1 << 20;
const NEWLINE = 10;

/** Text encoded into a buffer and written to a descriptor; subclasses open and finish the descriptor. */
abstract class DescriptorOutput implements Output {
  protected fd: number | undefined;
  private readonly buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  /** Encoded text not yet written: `buffer[0, used)`. */
  private used = 0;
  private bytes = 0;

  /** `path` as the user gave it, for messages. */
  constructor(protected readonly path: string) {}

  write(text: string): void {
    const clean = redactSecrets(text);
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const most = clean.length * 3;
    if (this.used + most > BUFFER_BYTES) this.flush();
    if (most > BUFFER_BYTES) {
      const bytes = Buffer.from(clean);
      this.writeBytes(bytes, bytes.length);
    } else this.used += this.buffer.write(clean, this.used, "utf8");
  }

  writeLine(text: string): void {
    this.write(text);
    if (this.used === BUFFER_BYTES) this.flush();
    this.buffer[this.used++] = NEWLINE;
  }

  abstract commit(): number;
  abstract discard(): void;

  protected flush(): number {
    this.writeBytes(this.buffer, this.used);
    this.used = 0;
    return this.bytes;
  }

  protected close(): void {
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) closeSync(fd);
  }

  private writeBytes(bytes: Buffer, length: number): void {
    if (length === 0 || this.fd === undefined) return;
    try {
      // A write may take fewer bytes than given (a pipe, a signal): go on until all are written.
      for (let offset = 0; offset < length; ) {
        const written = writeOrWait(this.fd, bytes, offset, length - offset);
        offset += written;
        this.bytes += written;
      }
    } catch (error) {
      throw cannotWrite(this.path, error);
    }
  }
}

/** A regular file (or a new one): a temporary file beside it, renamed over it on commit. */
class AtomicOutput extends DescriptorOutput {
  private readonly temp: string;

  constructor(
    path: string,
    /** The file itself, links followed: the link stays, the file it names is replaced. */
    private readonly file: string,
  ) {
    super(path);
    this.temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      makeParent(file);
      this.fd = openSync(this.temp, "w");
    } catch (error) {
      throw cannotWrite(path, error);
    }
  }

  commit(): number {
    try {
      const bytes = this.flush();
      this.close();
      renameSync(this.temp, this.file);
      return bytes;
    } catch (error) {
      throw error instanceof UserError ? error : cannotWrite(this.path, error);
    }
  }

  discard(): void {
    try {
      this.close();
    } catch {
      // Closing failed: the descriptor is gone either way, and the file is removed next.
    }
    removeQuietly(this.temp);
  }
}

/** How long to wait for a FIFO's reader to open it (a reader started just before or after the command). */
const READER_WAIT_MS = 2000;

/** A device, a FIFO or a descriptor: opened where it is and written in place; nothing is created or replaced. */
class StreamOutput extends DescriptorOutput {
  constructor(path: string, target: Extract<OutputTarget, { kind: "stream" }>) {
    super(path);
    try {
      // Never O_CREAT or O_TRUNC: what is there stays what it is. O_APPEND keeps a shell's `>>` file whole when it
      // is reached through /dev/stderr or /dev/fd/N. A FIFO is opened without blocking, so a FIFO nobody reads is a
      // clear error instead of a command that hangs where Ctrl-C cannot reach it.
      const flags = constants.O_WRONLY | constants.O_APPEND;
      this.fd = target.what === "FIFO" ? openFifo(target.path, flags) : openSync(target.path, flags);
    } catch (error) {
      if (target.what === "FIFO" && fileErrorCode(error) === "ENXIO")
        throw new UserError(`${path}: cannot write: no process is reading the FIFO`, {
          kind: "failure",
          hint: "start its reader first",
        });
      throw cannotWrite(path, error);
    }
  }

  commit(): number {
    const bytes = this.flush();
    try {
      this.close();
    } catch (error) {
      throw cannotWrite(this.path, error);
    }
    return bytes;
  }

  discard(): void {
    try {
      this.close();
    } catch {
      // Nothing to undo on a stream: what was written is out.
    }
  }
}

function openFifo(path: string, flags: number): number {
  const until = Date.now() + READER_WAIT_MS;
  for (;;) {
    try {
      return openSync(path, flags | constants.O_NONBLOCK);
    } catch (error) {
      if (fileErrorCode(error) !== "ENXIO" || Date.now() >= until) throw error;
      pause(10);
    }
  }
}

/** Writes what the descriptor takes now; on a full pipe opened without blocking (EAGAIN), waits a moment first. */
function writeOrWait(fd: number, bytes: Buffer, offset: number, length: number): number {
  for (;;) {
    try {
      return writeSync(fd, bytes, offset, length);
    } catch (error) {
      if (fileErrorCode(error) !== "EAGAIN") throw error;
      pause(2);
    }
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function pause(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Bytes of text gathered before they go to the standard output. */
const SINK_CHUNK = 1 << 16;

/** Standard output, through the caller's sink (which reports its own failures: see src/cli/io.ts). */
class SinkOutput implements Output {
  private pending: string[] = [];
  private size = 0;
  private bytes = 0;
  private done = false;

  constructor(private readonly sink: (text: string) => void) {}

  write(text: string): void {
    const clean = redactSecrets(text);
    this.pending.push(clean);
    this.size += clean.length;
    if (this.size >= SINK_CHUNK) this.flush();
  }

  writeLine(text: string): void {
    this.write(`${text}\n`);
  }

  commit(): number {
    this.flush();
    this.done = true;
    return this.bytes;
  }

  discard(): void {
    // What was not sent yet is dropped: a failed command does not finish its output.
    this.pending = [];
    this.done = true;
  }

  private flush(): void {
    if (this.done || this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.size = 0;
    this.bytes += Buffer.byteLength(text);
    this.sink(text);
  }
}

/** Removes a leftover temporary file; where none can exist (the folder is missing or a file) there is nothing to do. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // ENOTDIR and friends: the temporary file was never created.
  }
}

function makeParent(file: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    // mkdir says EEXIST when a part of the path is a file: say what is really wrong.
    throw fileErrorCode(error) === "EEXIST"
      ? Object.assign(new Error("not a folder"), { code: "ENOTDIR" })
      : error;
  }
}
