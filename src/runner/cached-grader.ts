/**
 * A run's grader: the verdict cache first (verdict-cache.ts), the grading profile only for what it does not hold. The
 * profile's modules — the extractors, the role classifier, BFCL's checker — are imported on the first output that
 * must be graded, once; a re-run whose every verdict is cached never loads them (issue 28's cached re-run).
 */
import type { Case } from "../cases/schema.js";
import type { Output } from "../grade/output.js";
import { type GradingProfileName, PROFILE_VERSIONS } from "../grade/profile-names.js";
import type { GradingProfile, ProfileOptions } from "../grade/profiles.js";
import type { Verdict } from "../grade/verdict.js";
import { gradingFingerprint } from "./grading-fingerprint.js";
import { VerdictCache } from "./verdict-cache.js";

export interface RunGrader {
  name: GradingProfileName;
  version: string;
  /** The verdict: at once when it is cached or the profile is loaded, after loading the profile otherwise. */
  grade(testCase: Case, output: Output): Verdict | Promise<Verdict>;
  /** How many verdicts came from the cache. */
  reused(): number;
  /** Keeps the run's new verdicts for the next run. */
  finish(): void;
}

export interface RunGraderOptions {
  profile?: ProfileOptions;
  /** The cache folder, or null for no verdict cache (the run keeps no response cache: --no-cache, or uncacheable). */
  cacheDir: string | null;
}

function openCache(name: GradingProfileName, options: RunGraderOptions): VerdictCache | null {
  const code = options.cacheDir === null ? null : gradingFingerprint();
  if (options.cacheDir === null || code === null) return null;
  const grader = { profile: name, version: PROFILE_VERSIONS[name], options: options.profile ?? {}, code };
  return new VerdictCache(options.cacheDir, grader);
}

export function runGrader(name: GradingProfileName, options: RunGraderOptions): RunGrader {
  const cache = openCache(name, options);
  let loaded: GradingProfile | undefined;
  let loading: Promise<GradingProfile> | undefined;
  const fresh = (profile: GradingProfile, testCase: Case, output: Output, key: string | null) => {
    const verdict = profile.grade(testCase, output);
    if (key !== null) cache?.add(key, verdict);
    return verdict;
  };
  return {
    name,
    version: PROFILE_VERSIONS[name],
    grade: (testCase, output) => {
      const key = cache?.key(testCase, output) ?? null;
      const cached = key === null ? undefined : cache?.get(key);
      if (cached !== undefined) return cached;
      if (loaded) return fresh(loaded, testCase, output, key);
      loading ??= import("../grade/profiles.js").then((module) => {
        loaded = module.gradingProfile(name, options.profile);
        return loaded;
      });
      return loading.then((profile) => fresh(profile, testCase, output, key));
    },
    reused: () => cache?.reused ?? 0,
    finish: () => cache?.flush(),
  };
}
