/**
 * `npm run test:quick`: the inner loop (README "Tests"). Everything but the tests that are slow because of what they
 * start: a browser, a child process or a server process, an optional model backend, the full pipeline, the research
 * data, the packed package. `npm test` runs them all; run it before you push.
 */
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

export default mergeConfig(
  base,
  defineConfig({
    test: {
      // Both cores, and one module graph per worker instead of one per file: most of a file's time is importing.
      maxWorkers: 2,
      isolate: false,
      exclude: [
        "**/node_modules/**",
        // Chromium through playwright-core.
        "src/**/*.browser.test.ts",
        // The whole pipeline through the command line, and the research data.
        "src/**/*.e2e.test.ts",
        "src/**/*.data.test.ts",
        "src/import/when2call.conformance.test.ts",
        "src/grade/bfcl/differential.test.ts",
        // Child processes: the CLI through tsx, servers killed with SIGKILL, the packed package.
        "src/cli/process.test.ts",
        "src/cli/review.test.ts",
        "src/cli/review-remote.test.ts",
        "src/cli/run-config.test.ts",
        "src/runner/resume.test.ts",
        "src/review/web/durability.test.ts",
        "src/readme-library.test.ts",
        "src/packaging.test.ts",
        // Optional model backends (tiny models written and loaded by the test).
        "src/backends/transformers.test.ts",
        "src/backends/llama.test.ts",
        // Every case × protocol × variant graded twice, and many replicas runs.
        "src/grade/grade-memo.test.ts",
        "src/cli/replicas.test.ts",
        "src/runner/run.test.ts",
        "src/workflows/experiment/examples.test.ts",
      ],
    },
  }),
);
