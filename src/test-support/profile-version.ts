/**
 * The default profile's version as tests expect it in messages and files, so a deliberate version bump changes one
 * line (src/grade/profile-names.ts) and not every test that quotes it.
 */
import { gradingProfile } from "../grade/profiles.js";

export const TOOLUSE_VERSION = gradingProfile("tooluse").version;

/** The version escaped for a regular expression. */
export const TOOLUSE_VERSION_PATTERN = TOOLUSE_VERSION.replace(/\./g, "\\.");

/** The spec1 profile's version. */
export const SPEC1_VERSION = gradingProfile("spec1").version;
