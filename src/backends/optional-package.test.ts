import { describe, expect, it } from "vitest";
import { UserError } from "../errors.js";
import { importOptional } from "./optional-package.js";

describe("importOptional", () => {
  it("loads a package that is there", async () => {
    const yaml = await importOptional<{ parse(text: string): unknown }>("yaml", "install yaml");
    expect(yaml.parse("a: 1")).toEqual({ a: 1 });
  });

  it("says how to install a package that is absent, as one user error", async () => {
    const error = await importOptional("tooluse-no-such-package", "run `npm install it`").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe("run `npm install it`");
  });
});
