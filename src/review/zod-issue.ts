/** The first problem zod found, as the field it concerns (`scores.R1.validity`) and zod's message. */
import type { z } from "zod";
import { formatPath } from "../errors.js";

export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  return { field: path.length === 0 ? "label" : formatPath(path), message: issue?.message ?? "invalid" };
}
