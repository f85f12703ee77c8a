/**
 * Headless Debian Chromium through playwright-core, offline: a fresh profile, and every request aborted except files
 * and, for tests of a local server, that server's own origin on 127.0.0.1.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface OfflineBrowser {
  context: BrowserContext;
  /** Every request that was not for a file: URL or the allowed origin (each one was aborted). */
  blocked: string[];
  close(): Promise<void>;
}

/** Why the browser tests cannot run here, or null when they can. */
export async function chromiumUnavailable(): Promise<string | null> {
  if (!existsSync(CHROMIUM_PATH))
    return `${CHROMIUM_PATH} is missing (as root: node scripts/ensure-chromium.mjs, or apt-get install chromium)`;
  try {
    await import("playwright-core");
    return null;
  } catch {
    return "playwright-core is not installed (npm ci installs it as a devDependency)";
  }
}

export async function launchOffline(
  viewport = { width: 1280, height: 900 },
  options: { allowOrigin?: string } = {},
): Promise<OfflineBrowser> {
  const { allowOrigin } = options;
  if (allowOrigin !== undefined && !/^http:\/\/127\.0\.0\.1:\d+$/.test(allowOrigin))
    throw new Error(`launchOffline: only a loopback origin may be allowed, got ${allowOrigin}`);
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "tooluse-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport,
    // Offline emulation would also cut the loopback server off; the route below aborts everything else instead.
    offline: allowOrigin === undefined,
  });
  const blocked: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || (allowOrigin !== undefined && url.startsWith(`${allowOrigin}/`)))
      return route.continue();
    blocked.push(url);
    return route.abort();
  });
  return {
    context,
    blocked,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Adds a script element and an image with event handlers to the open page, as an injection that slipped past the
 * escaping would. Under the report's policy neither may run: tests then check `window.__pwned` stays unset.
 */
export async function injectHostileMarkup(page: {
  evaluate(script: string): Promise<unknown>;
}): Promise<void> {
  await page.evaluate(`(() => {
    const script = document.createElement("script");
    script.textContent = "window.__pwned = 1";
    document.body.append(script);
    const holder = document.createElement("div");
    holder.innerHTML = '<img src="data:," onerror="window.__pwned=1" onload="window.__pwned=1">';
    document.body.append(holder);
  })()`);
}
