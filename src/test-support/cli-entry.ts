/** Runs the CLI from source, for tests that need a real process (signals, kill -9). */
import { main } from "../cli/main.js";

process.exitCode = await main(process.argv.slice(2));
