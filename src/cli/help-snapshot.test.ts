/**
 * Every command's `--help`, byte for byte (issue 28: moving the commands into a registry changes no flag, default or
 * word of help). The snapshot was taken on the inline definitions before the move; a change to help is a change to
 * this file's snapshot, made on purpose.
 */
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { commandNames, main } from "./main.js";

/** Every command and every group above one (`plan`, `import`), and the root itself (""). */
function everyHelpPage(): string[] {
  const names = new Set<string>([""]);
  for (const name of commandNames()) {
    const words = name.split(" ");
    for (let end = 1; end <= words.length; end++) names.add(words.slice(0, end).join(" "));
  }
  return [...names];
}

describe("help pages", () => {
  it("covers the groups as well as the commands", () => {
    expect(everyHelpPage()).toEqual(expect.arrayContaining(["", "plan", "import", "review", "plan score"]));
  });

  for (const name of everyHelpPage())
    it(`tooluse ${name} --help`, async () => {
      const io = captureIo();
      const code = await main([...(name === "" ? [] : name.split(" ")), "--help"], io);
      expect(code).toBe(0);
      expect(io.err).toBe("");
      // Defaults that are paths inside the package name its folder, which differs on every clone.
      expect(io.out.split(PACKAGE_ROOT).join("<package>")).toMatchSnapshot();
    });
});
