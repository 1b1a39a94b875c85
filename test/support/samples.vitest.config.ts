// The vitest configuration of documentation samples that are test files (test/support/samples.ts
// runs each one on its own): only the files written under test/.guides and test/.readme.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/.guides/*.test.ts", "test/.readme/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
