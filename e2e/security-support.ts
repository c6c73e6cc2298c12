import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { Database } from "better-sqlite3";
import { openDatabase } from "../server/db/database";
import { insertCalls } from "../server/trace/calls";
import { randomHex, uuid7Now } from "../server/trace/ids";
import { DATABASE_FILE } from "../server/runtime";
import { expect } from "./fixtures";
import { PROJECT } from "./queues-support";

/** Markup that runs script if anything renders it as HTML; each sets window.__xss. */
export const XSS_PAYLOADS = [
  `<img src=x onerror="window.__xss=1">`,
  `<script>window.__xss=1</script>`,
  `"><svg onload=window.__xss=1>`,
] as const;

/**
 * Test-only: stores calls whose inputs and output are the payloads, in the e2e server's own
 * database, row for row as written here (what these tests check is how the pages show stored text,
 * not how a call is uploaded; `/call/upsert_batch` is tested elsewhere). The server keeps the file
 * open too: SQLite's WAL mode and busy_timeout let this second connection write.
 */
export function insertHostileCalls(): string[] {
  return withE2eDatabase((db) => {
    const now = Date.now();
    const calls = XSS_PAYLOADS.map((payload, i) => ({
      project_id: PROJECT,
      id: uuid7Now(now + i),
      op_name: `weave:///${PROJECT}/op/support_agent.answer:xss`,
      trace_id: randomHex(32),
      started_at: now + i,
      ended_at: now + i + 500,
      display_name: payload,
      inputs: { question: payload, nested: { note: payload } },
      output: { answer: payload },
      exception: payload,
    }));
    insertCalls(db, calls);
    return calls.map((c) => c.id);
  });
}

/** Runs `work` on a second connection to the e2e server's own database (WAL lets both write). */
export function withE2eDatabase<T>(work: (db: Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The payload ran nowhere and no element it would create exists (index.html's own theme script stays in <head>). */
export async function expectNoInjectedMarkup(page: Page): Promise<void> {
  expect(await page.evaluate(() => Reflect.get(window, "__xss"))).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], [onerror], body script:not([src])')).toHaveCount(0);
}
