#!/usr/bin/env node
// The CLI entry: thin on purpose; everything lives in the compiled library.
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
