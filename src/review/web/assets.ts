/**
 * The workbench's only script and style sheet: plain files in the package's assets/review/ (shipped by npm, never
 * bundled or transpiled), read once and served from /assets/. The CSP allows script and style from this origin only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../paths.js";

export interface Asset {
  file: string;
  type: string;
}

export const ASSETS: Readonly<Record<string, Asset>> = {
  "review.js": { file: "review.js", type: "text/javascript; charset=utf-8" },
  "review.css": { file: "review.css", type: "text/css; charset=utf-8" },
};

const ASSETS_DIR = join(PACKAGE_ROOT, "assets", "review");

const cache = new Map<string, string>();

function assetText(asset: Asset): string {
  let text = cache.get(asset.file);
  if (text === undefined) {
    text = readFileSync(join(ASSETS_DIR, asset.file), "utf8");
    cache.set(asset.file, text);
  }
  return text;
}

export function assetResponse(asset: Asset): Response {
  return new Response(assetText(asset), { headers: { "Content-Type": asset.type } });
}
