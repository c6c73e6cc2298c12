import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Flags without which Chromium waits on network services this closed network does not have (toolchain.md). */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** CHROMIUM_PATH, else Debian's Chromium. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: install Debian's chromium or set CHROMIUM_PATH`);
  return path;
}

export function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath(), ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "unknown";
  }
}

/**
 * tsx compiles with esbuild's keepNames, which wraps named inner functions in `__name(...)`; a
 * function passed to page.evaluate carries those calls into the page, so the page needs the helper.
 */
export const KEEP_NAMES_SHIM = "globalThis.__name = globalThis.__name || ((fn) => fn);";
