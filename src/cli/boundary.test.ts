import { describe, expect, it } from "vitest";
import { FatalBackendError } from "../backends/types.js";
import { UserError } from "../errors.js";
import { captureIo } from "../test-support/capture-io.js";
import { renderError, reportExpected } from "./boundary.js";

describe("renderError", () => {
  it("a usage mistake is one line, exit 2; a failure exit 1; the hint follows a semicolon", () => {
    expect(renderError(new UserError("--x: bad", { hint: "try y" }))).toEqual({
      text: "tooluse: --x: bad; try y\n",
      exitCode: 2,
    });
    expect(renderError(new UserError("disk", { kind: "failure" })).exitCode).toBe(1);
  });

  it("a bug says so and keeps its stack; --debug adds the stack to a mistake", () => {
    const bug = renderError(new TypeError("raw.includes is not a function"));
    expect(bug.exitCode).toBe(1);
    expect(bug.text).toMatch(
      /^tooluse: internal error \(this is a bug; please report it with the lines below\): raw\.includes/,
    );
    expect(bug.text).toMatch(/\n {4}at /);
    expect(renderError(new UserError("x"), { debug: true }).text).toMatch(
      /^tooluse: x\nUserError: x\n {4}at /,
    );
  });

  it("an unanticipated file-system error names its path, without a stack", () => {
    const error = Object.assign(new Error("EACCES: permission denied, open '/x/y'"), {
      code: "EACCES",
      path: "/x/y",
      syscall: "open",
    });
    expect(renderError(error)).toEqual({
      text: "tooluse: /x/y: cannot open: permission denied (EACCES)\n",
      exitCode: 1,
    });
  });

  it("neutralises control characters in the message", () => {
    expect(renderError(new UserError("id \u001b[2Jx")).text).toBe("tooluse: id ␛[2Jx\n");
  });
});

describe("reportExpected", () => {
  it("prints expected errors and rethrows bugs", () => {
    const io = captureIo();
    expect(reportExpected(io.stderr, new FatalBackendError("the server refused the key"))).toBe(2);
    expect(io.err).toBe("tooluse: the server refused the key\n");
    expect(() => reportExpected(io.stderr, new RangeError("bug"))).toThrow("bug");
  });
});
