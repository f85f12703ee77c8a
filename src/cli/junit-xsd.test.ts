/**
 * The JUnit files `run --junit` and `report --junit` write, checked by a real XSD validator (libxml2's xmllint)
 * against src/report/test-support/junit.xsd, our schema with the structure of Jenkins' junit-10.xsd. Negative
 * controls prove the validator rejects what the schema forbids, so a pass means something.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { describeWith } from "../test-support/requirements.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const XMLLINT = "/usr/bin/xmllint";
const SCHEMA = join(import.meta.dirname, "../report/test-support/junit.xsd");
const unavailable = existsSync(XMLLINT)
  ? null
  : `${XMLLINT} is missing (as root: node scripts/ensure-xmllint.mjs, or apt-get install libxml2-utils)`;

let dir: ReturnType<typeof tempDir>;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => dir.remove());

const at = (name: string) => join(dir.path, name);
const cli = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(args, io);
  return { code, ...io };
};
const validate = (file: string) => {
  const result = spawnSync(XMLLINT, ["--noout", "--schema", SCHEMA, file], { encoding: "utf8" });
  return { status: result.status, messages: result.stderr };
};

const VALID_CASE = '<testcase name="a-01" classname="m · json" time="0.100"/>';
const document = (testcase: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tooluse" tests="1">\n  <testsuite name="m · json" tests="1" failures="0" errors="0" skipped="0" time="0.100">\n    ${testcase}\n  </testsuite>\n</testsuites>\n`;

describeWith(
  { name: "xmllint", missing: unavailable, requiredInCi: false },
  "JUnit output against the Jenkins-style XSD through xmllint",
  () => {
    it("accepts what run --junit and report --junit write (command line)", async () => {
      const ran = await cli(
        ...["run", "--backend", "baseline", "--protocol", "all", "--limit", "20", "--no-cache"],
        ...["--out", at("r.json"), "--junit", at("r.xml")],
      );
      expect(ran.code).toBe(0);
      const xml = readFileSync(at("r.xml"), "utf8");
      expect(xml.match(/<testcase /g)?.length).toBeGreaterThan(0);
      expect(xml).toContain("<failure "); // the failure element is validated too, not only passes
      expect(validate(at("r.xml"))).toEqual({ status: 0, messages: `${at("r.xml")} validates\n` });

      const reported = await cli("report", at("r.json"), "--junit", at("p.xml"));
      expect(reported.code).toBe(0);
      expect(validate(at("p.xml"))).toEqual({ status: 0, messages: `${at("p.xml")} validates\n` });
    });

    it("accepts a hand-written file with every part of a testcase (the control for the rejections below)", () => {
      writeFileSync(
        at("full.xml"),
        document(
          '<testcase name="a-01" classname="m" time="1.5" assertions="2" status="failed"><skipped message="s"/><error message="e" type="request_error">boom</error><failure message="f" type="wrong_args">out</failure><system-out>o</system-out><system-err>e</system-err></testcase>',
        ).replace(
          "<testsuite ",
          '<testsuite timestamp="2026-01-01T00:00:00" hostname="h" id="0" package="p" ',
        ),
      );
      expect(validate(at("full.xml")).status).toBe(0);
      writeFileSync(at("valid.xml"), document(VALID_CASE));
      expect(validate(at("valid.xml")).status).toBe(0);
    });

    it.each([
      ["a testcase without a name", '<testcase classname="m · json" time="0.100"/>', "name"],
      ["an element the schema does not know", `${VALID_CASE}<verdict/>`, "verdict"],
      ["an attribute the schema does not know", '<testcase name="a" score="1"/>', "score"],
      ["a time that is not a number", '<testcase name="a" time="fast"/>', "fast"],
      ["a failure before an error", '<testcase name="a"><failure/><error/></testcase>', "error"],
    ])("rejects %s", (_what, testcase, mentioned) => {
      writeFileSync(at("bad.xml"), document(testcase));
      const { status, messages } = validate(at("bad.xml"));
      expect(status).not.toBe(0);
      expect(messages).toContain("fails to validate");
      expect(messages).toContain(mentioned);
    });
  },
);
