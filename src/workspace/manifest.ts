/** manifest.json of a workspace: how it was built (generator version, seed, size, calendar) and what it holds. */
import { z } from "zod";

export const WorkspaceManifestSchema = z.strictObject({
  name: z.literal("tooluse-workspace"),
  generator: z.string().min(1),
  seed: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  window: z.strictObject({ start: z.string(), end: z.string() }),
  /** Rows and the sha256 of the staged rows, per table (store and transcripts). */
  tables: z.record(z.string(), z.strictObject({ rows: z.number().int().nonnegative(), digest: z.string() })),
});
export type WorkspaceManifest = z.infer<typeof WorkspaceManifestSchema>;
