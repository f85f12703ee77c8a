import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // A timeout is there to catch a hang, not a slow machine: a two-core box shared with other work runs the heavier
    // tests (every case × protocol graded twice, a server set up by a hook) several times slower than an idle one.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One line per missing requirement at the end (src/test-support/requirements.ts): a skip is never silent.
    reporters: ["default", "./src/test-support/requirements-reporter.ts"],
  },
});
