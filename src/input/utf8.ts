/**
 * UTF-8 as every reader takes it: a byte-order mark at the start is skipped, and invalid bytes are refused with the
 * file and the byte offset instead of being replaced by U+FFFD (which would silently change a case or an output).
 */
import { isUtf8 } from "node:buffer";
import { UserError } from "../errors.js";

const BOM = [0xef, 0xbb, 0xbf] as const;

/** 3 when `bytes[start, end)` begins with a UTF-8 byte-order mark, else 0. */
export function bomLength(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return end - start >= 3 &&
    bytes[start] === BOM[0] &&
    bytes[start + 1] === BOM[1] &&
    bytes[start + 2] === BOM[2]
    ? 3
    : 0;
}

/**
 * The offset of the first byte of `bytes[start, end)` that is not part of a valid UTF-8 sequence (an overlong form,
 * a surrogate, a code point above U+10FFFF, a cut sequence), or -1 when every byte is.
 */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let index = start;
  while (index < end) {
    const lead = bytes[index] as number;
    if (lead < 0x80) {
      index++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // above U+10FFFF
    } else return index;
    if (index + length > end) return index;
    const second = bytes[index + 1] as number;
    if (second < low || second > high) return index;
    for (let k = 2; k < length; k++) {
      const next = bytes[index + k] as number;
      if (next < 0x80 || next > 0xbf) return index;
    }
    index += length;
  }
  return -1;
}

/** The 1-based line of a byte offset, counting the newlines before it. */
function lineOfOffset(bytes: Uint8Array, start: number, offset: number): number {
  let line = 1;
  for (let index = start; index < offset; index++) if (bytes[index] === 10) line++;
  return line;
}

/** The UserError for invalid UTF-8 at `offset` (bytes from the start of the file), with its line when known. */
export function invalidUtf8(file: string, offset: number, line?: number): UserError {
  return new UserError(
    `${file}: invalid UTF-8 at byte ${offset}${line === undefined ? "" : ` (line ${line})`}`,
    { hint: "save the file as UTF-8" },
  );
}

/**
 * Refuses `bytes[start, end)` unless it is valid UTF-8: a UserError naming the file, the byte offset (`fileOffset` is
 * where `bytes[start]` sits in the file) and the line (`line`, or counted from `start` when not given).
 */
export function checkUtf8(
  bytes: Buffer,
  file: string,
  options: { start?: number; end?: number; fileOffset?: number; line?: number } = {},
): void {
  const start = options.start ?? 0;
  const end = options.end ?? bytes.length;
  // The native check is fast; only bytes that fail it are walked again to find where.
  if (end <= start || isUtf8(bytes.subarray(start, end))) return;
  const bad = firstInvalidUtf8(bytes, start, end);
  const at = bad === -1 ? start : bad;
  const line = options.line ?? lineOfOffset(bytes, start, at);
  throw invalidUtf8(file, (options.fileOffset ?? start) + (at - start), line);
}

/** `bytes[start, end)` as text, once {@link checkUtf8} accepts it. */
export function decodeUtf8(
  bytes: Buffer,
  file: string,
  options: { start?: number; end?: number; fileOffset?: number; line?: number } = {},
): string {
  checkUtf8(bytes, file, options);
  return bytes.toString("utf8", options.start ?? 0, options.end ?? bytes.length);
}
