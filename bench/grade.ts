/**
 * Grading throughput: 10,000 outputs (every case × protocol, oracle answers mixed with prose, wrong calls, fenced JSON
 * with thinking, and malformed attempts), graded on one core. Target: under one CPU-second (wall time printed too).
 * Run: npx tsx bench/grade.ts
 */
import { referenceOutput } from "../src/backends/reference-outputs.js";
import { loadCases } from "../src/cases/load.js";
import type { Protocol } from "../src/cases/schema.js";
import { grade, type Output } from "../src/grade/grade.js";
import { summarize } from "../src/metrics/summary.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { atMost } from "./target.js";

const cases = loadCases(DEFAULT_CASES_FILE);
const protocols: Protocol[] = ["json", "xml", "plain", "native"];
const variants = [
  (text: string) => text,
  (text: string) => `<think>The user wants something; let me decide which tool fits best.</think>\n${text}`,
  (text: string) =>
    `Sure! Here is the call:\n\`\`\`json\n${text}\n\`\`\`\nLet me know if you need anything else.`,
  () => "I am not sure I can help with that, but here is what I know about the topic in general terms.",
  () => '{"name": "calculator", "arguments": {"expression": "2+2"',
];

const work: { index: number; output: Output }[] = [];
for (let i = 0; work.length < 10_000; i++) {
  const testCase = cases[i % cases.length];
  const protocol = protocols[Math.floor(i / cases.length) % protocols.length] as Protocol;
  if (!testCase) break;
  const raw = referenceOutput("oracle", testCase, protocol);
  const variant = variants[i % variants.length] ?? variants[0];
  const text = protocol === "native" ? raw : (variant as (t: string) => string)(raw);
  work.push({ index: i % cases.length, output: { id: testCase.id, protocol, output: text } });
}

/**
 * CPU milliseconds of one grading pass: the whole process's (V8's compiler and GC threads included, so no more than
 * one core's work is credited); wall time, printed too, mostly measures the queue on a shared machine.
 */
function once(): { cpu: number; wall: number } {
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  const verdicts = work.map(({ index, output }) => grade(cases[index] as (typeof cases)[number], output));
  summarize(verdicts, cases);
  const cpu = process.cpuUsage(cpuStart);
  return { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wallStart };
}

once(); // warm-up: JIT and module initialisation are not what we measure
const passes = Array.from({ length: 5 }, once);
const median = (values: number[]) => values.sort((a, b) => a - b)[2] as number;
const cpu = median(passes.map((pass) => pass.cpu));
const wall = median(passes.map((pass) => pass.wall));
console.log(
  `graded ${work.length} outputs (+ summary) in ${cpu.toFixed(0)} ms of CPU, ${wall.toFixed(0)} ms wall (median of 5)`,
);
console.log(`${Math.round((work.length / cpu) * 1000).toLocaleString("en")} outputs per CPU-second`);
atMost("grading the corpus (CPU, median of 5)", cpu, 1000, "ms");
