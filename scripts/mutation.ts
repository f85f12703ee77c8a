/**
 * A small mutation tester (StrykerJS is too heavy for two shared cores): for each source file, flip one
 * operator or literal at a time (=== ↔ !==, < ↔ <=, > ↔ >=, && ↔ ||, true ↔ false, drop a `!`, ±1 on a number),
 * run the tests that import it (`vitest related`), and count the mutant killed when they fail. Tokens come from the TypeScript
 * scanner, so strings, comments and regular expressions are never touched. Prints the score and every survivor.
 *
 * Run: npx tsx scripts/mutation.ts [--sample N] [--seed S] [dir…]   (default dirs: src/grade src/extract src/tools)
 * The source file is restored after every mutant, and on Ctrl-C.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

interface Mutant {
  file: string;
  start: number;
  end: number;
  replacement: string;
  line: number;
  description: string;
}

const SWAPS: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: "!==",
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: "===",
  [ts.SyntaxKind.LessThanToken]: "<=",
  [ts.SyntaxKind.LessThanEqualsToken]: "<",
  [ts.SyntaxKind.GreaterThanToken]: ">=",
  [ts.SyntaxKind.GreaterThanEqualsToken]: ">",
  [ts.SyntaxKind.AmpersandAmpersandToken]: "||",
  [ts.SyntaxKind.BarBarToken]: "&&",
  [ts.SyntaxKind.TrueKeyword]: "false",
  [ts.SyntaxKind.FalseKeyword]: "true",
};

function mutantsOf(file: string): Mutant[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const mutants: Mutant[] = [];
  const visit = (node: ts.Node): void => {
    // Types, imports and generic brackets are not behaviour.
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if (ts.isTypeAliasDeclaration(node)) return;
    const kind = node.kind;
    const swap = SWAPS[kind];
    const start = node.getStart(source);
    const add = (replacement: string, description: string, from = start, to = node.getEnd()) =>
      mutants.push({
        file,
        start: from,
        end: to,
        replacement,
        line: source.getLineAndCharacterOfPosition(from).line + 1,
        description,
      });
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken;
      const replacement = SWAPS[op.kind];
      if (replacement)
        add(replacement, `${op.getText(source)} → ${replacement}`, op.getStart(source), op.getEnd());
    } else if (swap && (kind === ts.SyntaxKind.TrueKeyword || kind === ts.SyntaxKind.FalseKeyword)) {
      add(swap, `${node.getText(source)} → ${swap}`);
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      add(node.operand.getText(source), "drop !");
    } else if (ts.isNumericLiteral(node) && !ts.isEnumMember(node.parent)) {
      const value = Number(node.text);
      if (Number.isFinite(value)) add(String(value + 1), `${node.text} → ${value + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return mutants;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args.splice(index, 2)[1]);
};
const sample = option("--sample", 60);
const random = seeded(option("--seed", 13));
const dirs = args.length > 0 ? args : ["src/grade", "src/extract", "src/tools"];

const all = dirs.flatMap((dir) => sourceFiles(dir).flatMap(mutantsOf));
const chosen = all
  .map((mutant) => ({ mutant, key: random() }))
  .sort((a, b) => a.key - b.key)
  .slice(0, sample)
  .map(({ mutant }) => mutant);

let restore: (() => void) | undefined;
process.on("SIGINT", () => {
  restore?.();
  process.exit(130);
});

let killed = 0;
const survivors: string[] = [];
for (const [index, mutant] of chosen.entries()) {
  const original = readFileSync(mutant.file, "utf8");
  restore = () => writeFileSync(mutant.file, original);
  writeFileSync(
    mutant.file,
    original.slice(0, mutant.start) + mutant.replacement + original.slice(mutant.end),
  );
  try {
    // Only the tests whose import graph reaches the mutated file: the rest cannot kill it.
    const run = spawnSync("npx", ["vitest", "related", mutant.file, "--run", "--bail=1", "--reporter=dot"], {
      encoding: "utf8",
      timeout: 180_000,
    });
    const dead = run.status !== 0;
    if (dead) killed++;
    else survivors.push(`${mutant.file}:${mutant.line} ${mutant.description}`);
    console.log(
      `${index + 1}/${chosen.length} ${dead ? "killed " : "SURVIVED"} ${mutant.file}:${mutant.line} ${mutant.description}`,
    );
  } finally {
    restore();
    restore = undefined;
  }
}
console.log(`\nmutants: ${all.length} in ${dirs.join(", ")}; sampled ${chosen.length}`);
console.log(
  `mutation score: ${((100 * killed) / Math.max(chosen.length, 1)).toFixed(1)}% (${killed}/${chosen.length} killed)`,
);
for (const line of survivors) console.log(`survivor: ${line}`);
