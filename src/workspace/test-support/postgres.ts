/**
 * A throw-away PostgreSQL server for tests: Debian's server binaries (installed by scripts/ensure-postgresql.mjs),
 * a fresh data directory in the system's temp folder, listening on 127.0.0.1 only, on a free port, stopped and
 * removed by `stop`. As root the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFile } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type pg from "pg";
import type { Requirement } from "../../test-support/requirements.js";

const run = promisify(execFile);
const ROOT = "/usr/lib/postgresql";

function binDir(): string | null {
  if (!existsSync(ROOT)) return null;
  const version = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(ROOT, version, "bin") : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  try {
    const passwd = readFileSync("/etc/passwd", "utf8");
    const line = passwd.split("\n").find((l) => l.startsWith("postgres:"));
    if (!line) return null;
    const [, , uid, gid] = line.split(":");
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/** Why the tests cannot start a server here, or null when they can. */
export function postgresUnavailable(): string | null {
  if (process.env.TOOLUSE_NO_POSTGRES) return "TOOLUSE_NO_POSTGRES is set (unset it to run them)";
  if (process.platform !== "linux") return `not Linux (${process.platform})`;
  if (!binDir())
    return "no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)";
  if (typeof process.getuid === "function" && process.getuid() === 0 && !postgresUser())
    return "running as root without a postgres user to run the server as";
  return null;
}

/**
 * What the PostgreSQL suites need (`describeWith(POSTGRES_SERVER, …)`): `pretest` installs the server
 * (scripts/ensure-postgresql.mjs), so CI has it and its absence there fails the run instead of skipping.
 */
export const POSTGRES_SERVER: Requirement = {
  name: "a PostgreSQL server",
  missing: postgresUnavailable(),
  requiredInCi: true,
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface TestPostgres {
  admin: pg.ClientConfig;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  if (!bin) throw new Error("no PostgreSQL binaries");
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), "tooluse-pg-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  mkdirSync(data, { mode: 0o700 });
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chownSync(data, user.uid, user.gid);
  }
  const as = (program: string, args: string[]) =>
    user
      ? run("runuser", ["-u", "postgres", "--", join(bin, program), ...args])
      : run(join(bin, program), args);
  const port = await freePort();
  await as("initdb", ["-D", data, "-A", "trust", "-U", "admin", "--locale=C", "-E", "UTF8", "--no-sync"]);
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  await as("pg_ctl", ["-D", data, "-o", settings, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  return {
    admin: { host: "127.0.0.1", port, user: "admin", database: "postgres" },
    stop: async () => {
      await as("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
