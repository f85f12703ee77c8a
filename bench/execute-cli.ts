/**
 * The done-when, at full size: `tooluse plan execute --plans best --model scripted` and `--plans r1` through
 * main() against the scripted plan server on 127.0.0.1, all 200 shipped queries on the 2,000-interaction test
 * workspace. Prints wall time, answers and correctness; exits 1 unless every query is answered with traces and
 * every best-plan answer with a reference is correct (R1 may fall short where a best plan has more steps than the
 * tool-call limit: that is the limit at work, and it is printed).
 * Run: npm run bench:execute-cli
 */
import { main } from "../src/cli/main.js";
import { startScriptedPlanServer } from "../src/mock-server/plan-execute-server.js";
import { smallTestWorkspace } from "../src/planning/test-support/workspaces.js";
import { captureIo } from "../src/test-support/capture-io.js";

const workspace = await smallTestWorkspace();
const { server } = await startScriptedPlanServer();
let failed = false;
try {
  for (const plans of ["best", "r1"]) {
    const io = captureIo();
    const started = performance.now();
    const code = await main(
      ["plan", "execute", "--model", "scripted", "--base-url", server.url, "--no-cache"].concat([
        "--workspace",
        workspace,
        "--plans",
        plans,
        "--json",
      ]),
      io,
    );
    const seconds = (performance.now() - started) / 1000;
    const s = JSON.parse(io.out || "{}");
    console.log(
      `--plans ${plans}: exit ${code}, ${s.answered}/${s.plans} answered, ${s.steps} steps or calls, ${s.correct}/${s.with_reference} correct, ${seconds.toFixed(1)} s wall (${(s.plans / seconds).toFixed(1)} queries/s), tokens ${s.prompt_tokens}+${s.completion_tokens}`,
    );
    if (code !== 0 || s.answered !== 200 || s.plans !== 200) failed = true;
    if (plans === "best" && s.correct !== s.with_reference) failed = true;
  }
} finally {
  await server.close();
}
if (failed) {
  console.log("FAIL: not every query was answered (or a best-plan answer was wrong)");
  process.exit(1);
}
