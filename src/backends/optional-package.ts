/** Imports an optional package on demand: a missing one is the user's to install, so the error says how. */
import { UserError } from "../errors.js";

function isMissing(error: unknown, specifier: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  const notFound = code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
  // Vite (under vitest) reports a missing package without a code.
  return (
    (notFound && message.includes(`'${specifier}'`)) || message.includes(`Could not resolve "${specifier}"`)
  );
}

/** `T` is the slice of the package's API the caller declares; the package's own types are never read. */
export async function importOptional<T>(specifier: string, installHint: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    if (isMissing(error, specifier)) throw new UserError(installHint);
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new UserError(`${specifier} is installed but does not load (${reason}); ${installHint}`);
  }
}
