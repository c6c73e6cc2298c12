// A job runner in its own process, for the crash test: `tsx runner-process.ts <db file> <step ms>`.
// It steps jobs until the parent kills it (with SIGKILL, mid-job).
import { openDatabase } from "../../db/database";
import { createJobRunner } from "../job-runner";

const [file, stepMs] = process.argv.slice(2);
if (!file || !stepMs) throw new Error("usage: runner-process.ts <db file> <step ms>");
const db = openDatabase(file);
const runner = createJobRunner(db, { stepMs: Number(stepMs) });
runner.start();
// The runner's timer is unref'd (it never keeps a server alive on its own); this keeps the process up.
setInterval(() => {}, 1000);
console.info("runner started");
