import { rmSync } from "node:fs";

/**
 * Removes the server's data directory when playwright.config.ts made it (a fresh temporary one
 * per run); a directory passed in E2E_DATA_DIR is the caller's and stays.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_IS_TEMPORARY === "1") rmSync(dir, { recursive: true, force: true });
}
