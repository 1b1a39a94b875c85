// startMock's options are checked before anything starts: a misspelt option is refused with the
// option it resembles, and an option of the other mock is refused saying which mock it belongs to,
// instead of starting the wrong mock with the option silently dropped.
import { describe, expect, it } from "vitest";
import { startMock } from "../../src/mock/start-mock.js";
import { rejectedIssues, rejectedValidationError } from "../support/validation-issues.js";

// Each call below must be refused; should one start a mock instead, it is stopped again.
async function refusal(options: unknown): Promise<string> {
  try {
    const started = await startMock(options as never);
    await started.stop();
  } catch (error) {
    return (error as Error).message;
  }
  return "(started)";
}

describe("startMock options", () => {
  it("refuses an unknown option, naming the one it resembles", async () => {
    expect(await refusal({ statefull: true })).toBe("startMock: statefull is not an option; did you mean stateful?");
    expect(await refusal({ stateful: true, sed: 3 })).toBe("startMock: sed is not an option; did you mean seed?");
    expect(await refusal({ stateful: true, jobs: { pols: 2 } })).toBe("startMock: jobs.pols is not an option; did you mean jobs.polls?");
    expect(await refusal({ stateful: true, zzzzzzzz: 1 })).toMatch(/^startMock: zzzzzzzz is not an option \(the options are stateful, port, host, seed, /);
  });

  it("refuses an option of the other mock, saying which mock takes it", async () => {
    expect(await refusal({ seed: 3 })).toBe("startMock: seed is an option of the stateful mock (stateful: true)");
    expect(await refusal({ stateful: true, dynamic: true })).toBe("startMock: dynamic is an option of the contract mock (Prism), not of stateful: true");
  });

  it("refuses a session lifetime past the dates JavaScript can write", async () => {
    expect(await refusal({ stateful: true, sessionTtlMs: Number.MAX_SAFE_INTEGER })).toMatch(/^startMock: sessionTtlMs must be an integer from 1 to 315360000000 /);
  });

  // The client's convention for a bad option: one ValidationError with every issue, each named.
  it("refuses every bad option at once, in one ValidationError naming each field and rule", async () => {
    // Should either call start a mock instead, it is stopped again before the helper fails.
    const started = (options: unknown) => startMock(options as never).then((mock) => mock.stop());
    expect(await rejectedIssues(started({ stateful: true, sed: 3, port: -1, jobs: { pols: 2 } }))).toEqual([
      ["sed", "unknownOption"],
      ["jobs.pols", "unknownOption"],
      ["port", "range"],
    ]);
    const prism = await rejectedValidationError(started({ seed: 3, dynamc: true }));
    expect(prism.message).toBe("startMock: seed is an option of the stateful mock (stateful: true); dynamc is not an option; did you mean dynamic?");
  });

  it("refuses a stateful that is not a boolean", async () => {
    expect(await refusal({ stateful: "true" })).toBe('startMock: stateful must be true or false (got "true")');
  });
});
