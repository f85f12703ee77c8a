/**
 * Looking kinds up in the registry (src/review/kinds/index.ts). Apart from the list, so the list stays the one place a
 * kind is named, and everything that asks about kinds reads whatever the list holds.
 */
import type { TaskKind } from "../contract.js";
import { type AnyKind, KINDS } from "./index.js";

/** Every kind's name, in registry order (the CLI's `--kind` choices, the API's `kind` values, the index's rows). */
export function taskKinds(): TaskKind[] {
  return Object.values(KINDS).map((kind) => kind.kind);
}

export function isTaskKind(value: string): boolean {
  return Object.hasOwn(KINDS, value);
}

/** The kind's module; an unknown name is a programming error here (names from outside are checked first). */
export function kindNamed(name: TaskKind): AnyKind {
  const found = Object.hasOwn(KINDS, name) ? (KINDS as Readonly<Record<string, AnyKind>>)[name] : undefined;
  if (!found) throw new Error(`no task kind ${name}`);
  return found;
}
