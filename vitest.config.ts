import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    // One line per missing requirement at the end (src/test-support/requirements.ts): a skip is never silent.
    reporters: ["default", "./src/test-support/requirements-reporter.ts"],
  },
});
