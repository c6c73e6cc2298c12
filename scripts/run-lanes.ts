import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/**
 * Runs npm scripts in lanes: each argument is one lane, its scripts separated by spaces and run in
 * order, stopping at the first that fails; the lanes run side by side. `npm test` runs the checks
 * (multi-threaded tsc) beside the build, which has no timing to upset. The unit tests stay out of
 * the lanes: run beside the end-to-end tests, client tests waiting on a render timed out on a busy
 * machine. Every output line is prefixed with its script's name; the run fails if any script failed.
 *
 *   tsx scripts/run-lanes.ts "lint test:unit" "build test:e2e"
 */

type Outcome = { script: string; code: number; seconds: number };

const lanes = process.argv.slice(2).map((lane) => lane.split(/\s+/).filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: tsx scripts/run-lanes.ts "script script ..." ["script ..." ...]');
  process.exit(2);
}
const width = Math.max(...lanes.flat().map((script) => script.length));
const running = new Set<ReturnType<typeof spawn>>();

/** Writes a child's output line by line, each line prefixed, so lanes' lines never interleave mid-line. */
function prefixLines(prefix: string, write: (text: string) => void): { push(chunk: Buffer): void; flush(): void } {
  let pending = "";
  return {
    push(chunk) {
      pending += chunk.toString("utf8");
      const end = pending.lastIndexOf("\n");
      if (end < 0) return;
      write(
        pending
          .slice(0, end + 1)
          .split("\n")
          .slice(0, -1)
          .map((line) => `${prefix}${line}\n`)
          .join(""),
      );
      pending = pending.slice(end + 1);
    },
    flush() {
      if (pending) write(`${prefix}${pending}\n`);
      pending = "";
    },
  };
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  const prefix = `[${script.padEnd(width)}] `;
  const out = prefixLines(prefix, (text) => process.stdout.write(text));
  const err = prefixLines(prefix, (text) => process.stderr.write(text));
  // Its own process group, so an interrupted run can stop the script's whole tree (browsers, servers).
  const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  running.add(child);
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve) => {
    const finish = (code: number) => {
      running.delete(child);
      out.flush();
      err.flush();
      resolve({ script, code, seconds: (performance.now() - started) / 1000 });
    };
    child.on("error", (error) => {
      process.stderr.write(`${prefix}could not start: ${error.message}\n`);
      finish(1);
    });
    child.on("close", (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a lane's scripts in order; after a failure the rest are not run (as `&&` would) and are named. */
async function runLane(scripts: string[]): Promise<{ outcomes: Outcome[]; notRun: string[] }> {
  const outcomes: Outcome[] = [];
  for (const [index, script] of scripts.entries()) {
    const outcome = await runScript(script);
    outcomes.push(outcome);
    if (outcome.code !== 0) return { outcomes, notRun: scripts.slice(index + 1) };
  }
  return { outcomes, notRun: [] };
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) if (child.pid) process.kill(-child.pid, signal);
    process.exit(130);
  });
}

const started = performance.now();
const results = await Promise.all(lanes.map(runLane));
const outcomes = results.flatMap((result) => result.outcomes);
const skipped = results.flatMap((result) => result.notRun);

console.info(`\nlanes finished in ${((performance.now() - started) / 1000).toFixed(0)} s:`);
for (const { script, code, seconds } of outcomes)
  console.info(`  ${code === 0 ? "passed" : "FAILED"}  ${script.padEnd(width)}  ${seconds.toFixed(1)} s`);
for (const script of skipped) console.info(`  not run ${script} (an earlier script in its lane failed)`);
process.exit(outcomes.every((outcome) => outcome.code === 0) && skipped.length === 0 ? 0 : 1);
