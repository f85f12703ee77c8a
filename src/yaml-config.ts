/**
 * A YAML configuration file read against a zod schema, every problem one line `file:line: field: what was expected`.
 * Unknown keys are reported before the missing ones they were probably meant to be.
 */
import type { z } from "zod";
import { formatPath, UserError } from "./errors.js";
import { readInputText } from "./input/read.js";
import { parseYamlText, yamlValue } from "./input/yaml.js";

export interface YamlConfig<T> {
  data: T;
  /** The line of the value at `path` (or of its nearest ancestor), for errors found after parsing. */
  lineAt(path: readonly PropertyKey[]): number;
}

export function readYamlConfig<S extends z.ZodType>(
  file: string,
  schema: S,
  flag = "--config",
): YamlConfig<z.infer<S>> {
  let text: string;
  try {
    text = readInputText(file);
  } catch (error) {
    // A file that is not there or not readable is named by the flag that gave it; a limit names the file's line.
    if (error instanceof UserError && / cannot read: /.test(error.message))
      throw new UserError(`${flag} ${error.message}`, { kind: error.kind });
    throw error;
  }
  const source = parseYamlText(text, file);
  const { doc, lines: counter } = source;
  const lineAt = (path: readonly PropertyKey[]): number => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth) as (string | number)[], true) as
        | { range?: [number, number] }
        | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  const error = doc.errors[0];
  if (error)
    throw new UserError(
      `${file}:${counter.linePos(error.pos[0]).line}: invalid YAML (${error.code}: ${error.message.split("\n")[0]})`,
    );
  const parsed = schema.safeParse(yamlValue(source, file));
  if (parsed.success) return { data: parsed.data, lineAt };
  const issues = [...parsed.error.issues].sort(
    (a, b) => Number(b.code === "unrecognized_keys") - Number(a.code === "unrecognized_keys"),
  );
  const issue = issues[0];
  if (issue?.code === "unrecognized_keys") {
    const path = [...issue.path, issue.keys[0] ?? ""];
    throw new UserError(`${file}:${lineAt(path)}: ${formatPath(path)}: unknown field`);
  }
  const path = issue?.path ?? [];
  throw new UserError(
    `${file}:${lineAt(path)}: ${formatPath(path) || "(top level)"}: ${issue?.message ?? "invalid"}`,
  );
}
