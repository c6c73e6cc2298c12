import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** An inline `<script>` (no `src`) and its text, exactly as the page carries it. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources that allow the page's inline scripts and nothing else:
 * `'sha256-…'` of each one's text, byte for byte (CSP hashes the UTF-8 text between the tags).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "", "utf8")
        .digest("base64")}'`,
  );
}

/** Where the build writes them, for a static host's own CSP header (the local server computes them from the page it serves). */
export const CSP_HASHES_FILE = "csp-script-hashes.txt";

/** After the build, writes `script-src`'s hash sources for the built index.html to dist/CSP_HASHES_FILE, on one line. */
export function writeInlineScriptHashes(): Plugin {
  return {
    name: "write-inline-script-hashes",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir ?? "dist";
      const html = readFileSync(join(dir, "index.html"), "utf8");
      writeFileSync(join(dir, CSP_HASHES_FILE), `${inlineScriptHashes(html).join(" ")}\n`);
    },
  };
}
