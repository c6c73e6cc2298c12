import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLIENT = fileURLToPath(new URL("./worker-client.ts", import.meta.url));

/**
 * A script that awaits one upload through the worker, with no server socket (a bench tool, a seed
 * script): it must get its answer, and then exit on its own.
 */
const SCRIPT = `
import { uploadWorker } from ${JSON.stringify(CLIENT)};
const body = new TextEncoder().encode(JSON.stringify({ model: "m", training_file: "f" }));
const answer = await uploadWorker().prepare("rl-job", body, "application/json").then(
  () => "prepared",
  (error) => "refused: " + error.constructor.name,
);
console.log(answer);
`;

describe("the upload worker and the process", () => {
  it("keeps a script alive while an answer is awaited, and lets it exit once idle", () => {
    // A file, not --eval: the worker starts with the parent's flags, and --input-type would stop it.
    const dir = mkdtempSync(join(tmpdir(), "upload-worker-exit-"));
    const script = join(dir, "script.mjs");
    writeFileSync(script, SCRIPT);
    const run = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
    // Killed by the timeout: the worker held the process open after its answer.
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    // Empty: it exited before the answer came, nothing held it open while it waited. A 503
    // (ServiceError) would be the worker failing to start, not an answer.
    expect(run.stdout.trim()).toMatch(/^(prepared|refused: RequestValidationError)$/);
  }, 40_000);
});
