/**
 * Why a prompt-mode decode failed, as a value the decoder throws internally and returns at its door: every one of
 * them is BFCL's `ast_decoder:decoder_failed` (a SyntaxError from `ast.parse`, or an exception of its resolver).
 * Not an Error subclass: most outputs of irrelevance questions fail, and a stack trace per failure is wasted time.
 */
export class DecodeFailure {
  constructor(
    /** What Python would have raised, e.g. `SyntaxError`, `AssertionError`, `ZeroDivisionError`. */
    readonly python: string,
    readonly reason: string,
  ) {}
}

export function syntaxError(reason: string): never {
  throw new DecodeFailure("SyntaxError", reason);
}

export function raise(python: string, reason: string): never {
  throw new DecodeFailure(python, reason);
}
