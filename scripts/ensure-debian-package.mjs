// Makes sure a Debian package that some tests drive is installed (shared by the `ensure-*` scripts in `pretest`).
//
// Never fails: without Linux, root, apt or a network it says why, and the tests that need the program report
// themselves skipped with that reason instead. Installs from the distribution only; downloads nothing else.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.error
    ? `${command} could not start (${result.error.code ?? result.error.message})`
    : result.status;
}

/**
 * Installs `pkg` when `binary` is missing (`binary` is a path, or a function that finds it and returns null when it
 * is not there: a versioned install path such as /usr/lib/postgresql/15/bin/initdb). `tag` prefixes every line,
 * `tests` names what skips without it, and `version()` describes the installed program. The package lists are
 * refreshed only when a first install fails.
 */
export function ensureDebianPackage({ tag, binary, pkg, tests, version }) {
  const say = (message) => console.log(`${tag}: ${message}`);
  const find = typeof binary === "function" ? binary : () => (existsSync(binary) ? binary : null);
  const install = () => run("apt-get", ["install", "-y", "--no-install-recommends", pkg]);
  const installed = (status) => status === 0 && find() !== null;
  try {
    const present = find();
    if (present) return say(`${present} is present (${version()}); nothing to do`);
    if (process.platform !== "linux") return say(`not Linux (${process.platform}); ${tests} will skip`);
    if (typeof process.getuid !== "function" || process.getuid() !== 0)
      return say(
        `${typeof binary === "function" ? pkg : binary} is missing and we are not root; ${tests} will skip (as root: apt-get install ${pkg})`,
      );
    if (!existsSync("/usr/bin/apt-get")) return say(`no apt-get on this system; ${tests} will skip`);
    say(`installing Debian's ${pkg}: apt-get install -y --no-install-recommends ${pkg}`);
    let status = install();
    if (!installed(status)) {
      // The package lists may be missing or stale (a new machine has none): refresh them once and try again.
      say(`apt-get install ${pkg} failed (${status}); running apt-get update and trying once more`);
      const update = run("apt-get", ["update"]);
      if (update !== 0) return say(`apt-get update failed (${update}); ${tests} will skip`);
      status = install();
    }
    if (!installed(status)) return say(`apt-get install ${pkg} failed (${status}); ${tests} will skip`);
    say(`installed ${version()}`);
  } catch (error) {
    say(`unexpected problem (${error instanceof Error ? error.message : String(error)}); ${tests} will skip`);
  } finally {
    process.exitCode = 0;
  }
}
