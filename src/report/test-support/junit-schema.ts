/**
 * A structural check of JUnit XML against the common schema CI systems read (Jenkins' junit-10.xsd, which GitLab,
 * GitHub test reporters and Azure accept): well-formed XML, only the elements and attributes the schema allows, in
 * the places it allows them, required attributes present, numbers where it wants numbers, and suite counts that
 * match the testcases. Throws with the path of the first violation.
 * The full XSD validation (xmllint against ./junit.xsd) is src/cli/junit-xsd.test.ts; this quick check needs no tool.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

const ATTRIBUTES: Record<string, { allowed: string[]; required: string[] }> = {
  testsuites: { allowed: ["name", "time", "tests", "failures", "disabled", "errors"], required: [] },
  testsuite: {
    allowed: [
      ...["name", "tests", "failures", "errors", "time", "disabled", "skipped", "timestamp"],
      ...["hostname", "id", "package", "file", "log", "url", "version"],
    ],
    required: ["name", "tests"],
  },
  testcase: {
    allowed: [
      "name",
      "assertions",
      "time",
      "classname",
      "status",
      "class",
      "file",
      "line",
      "log",
      "group",
      "url",
    ],
    required: ["name"],
  },
  failure: { allowed: ["message", "type"], required: [] },
  error: { allowed: ["message", "type"], required: [] },
  skipped: { allowed: ["message"], required: [] },
  properties: { allowed: [], required: [] },
  property: { allowed: ["name", "value"], required: ["name", "value"] },
  "system-out": { allowed: [], required: [] },
  "system-err": { allowed: [], required: [] },
};
const CHILDREN: Record<string, string[]> = {
  testsuites: ["testsuite"],
  testsuite: ["properties", "testcase", "system-out", "system-err"],
  testcase: ["skipped", "error", "failure", "system-out", "system-err"],
  properties: ["property"],
};
const INTEGER = new Set(["tests", "failures", "errors", "disabled", "skipped", "assertions", "line"]);

type Node = Record<string, unknown> & { ":@"?: Record<string, string> };

const nameOf = (node: Node) => Object.keys(node).find((key) => key !== ":@") as string;

function check(node: Node, path: string): { testcases: number; failures: number; errors: number } {
  const name = nameOf(node);
  const where = `${path}/${name}`;
  if (name === "#text") return { testcases: 0, failures: 0, errors: 0 };
  const rule = ATTRIBUTES[name];
  if (!rule) throw new Error(`${where}: element not in the schema`);
  const attributes = node[":@"] ?? {};
  for (const key of Object.keys(attributes))
    if (!rule.allowed.includes(key)) throw new Error(`${where}: attribute ${key} not in the schema`);
  for (const key of rule.required)
    if (attributes[key] === undefined) throw new Error(`${where}: required attribute ${key} missing`);
  for (const [key, value] of Object.entries(attributes)) {
    if (INTEGER.has(key) && !/^\d+$/.test(value))
      throw new Error(`${where}@${key}: not an integer: ${value}`);
    if (key === "time" && !/^\d+(\.\d+)?$/.test(value))
      throw new Error(`${where}@time: not a decimal: ${value}`);
  }
  const children = (node[name] as Node[]) ?? [];
  const allowed = CHILDREN[name];
  const totals = { testcases: name === "testcase" ? 1 : 0, failures: 0, errors: 0 };
  for (const child of children) {
    const childName = nameOf(child);
    if (childName === "#text") {
      if (allowed && String(child["#text"]).trim() !== "")
        throw new Error(`${where}: text where only elements go`);
      continue;
    }
    if (!allowed?.includes(childName)) throw new Error(`${where}: ${childName} is not allowed here`);
    const sub = check(child, where);
    totals.testcases += sub.testcases;
    totals.failures += sub.failures + (childName === "failure" ? 1 : 0);
    totals.errors += sub.errors + (childName === "error" ? 1 : 0);
  }
  if (name === "testsuite" || name === "testsuites") {
    const claimed = { tests: totals.testcases, failures: totals.failures, errors: totals.errors };
    for (const [key, actual] of Object.entries(claimed))
      if (attributes[key] !== undefined && Number(attributes[key]) !== actual)
        throw new Error(`${where}@${key}: says ${attributes[key]}, holds ${actual}`);
  }
  return totals;
}

/** Throws unless `xml` is a JUnit report the common schema accepts; returns the number of testcases. */
export function checkJunit(xml: string): number {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: true,
  });
  const document = (parser.parse(xml) as Node[]).filter((node) => nameOf(node) !== "?xml");
  const roots = document.filter((node) => nameOf(node) !== "#text");
  if (roots.length !== 1 || nameOf(roots[0] as Node) !== "testsuites")
    throw new Error("the document must have one root element, testsuites");
  return check(roots[0] as Node, "").testcases;
}
