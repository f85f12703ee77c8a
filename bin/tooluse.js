#!/usr/bin/env node
// The CLI entry: thin on purpose; everything lives in the compiled library.
import { setFlagsFromString } from "node:v8";
import { main } from "../dist/cli/main.js";

// A command runs for seconds, not hours: compiling hot functions with their callees inlined costs more CPU than the
// faster code wins back before the process ends (measured on `tooluse grade --rules bfcl`: about 15% less CPU time
// without it; see bench/bfcl-speed.ts). Verdicts do not depend on how V8 compiles.
setFlagsFromString("--no-turbo-inlining");
// The same reasoning for regular expressions: the role classifier and extractors run hundreds of Unicode patterns a
// few hundred times each, and recompiling them to native code costs more than it wins in a short process (measured:
// `tooluse grade` of 564 outputs 664 → 545 ms, a run that grades them 1.03 → 0.93 s, medians on a shared machine).
setFlagsFromString("--no-regexp-tier-up");

process.exitCode = await main(process.argv.slice(2));
