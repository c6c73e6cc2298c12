import type { Database } from "better-sqlite3";
import { activeJobs } from "./job-store";
import { advanceJob, failJob, startWithDownloadedData } from "./job-steps";
import type { JobRunner } from "./runner";
import { fetchJsonlData, type SftDataResult } from "./sft-data";

export type JobRunnerOptions = {
  /** Milliseconds between gradient steps (TRAINING_STEP_MS). 0 or less: no timer, steps only on tick(). */
  stepMs: number;
  /** The clock written into rows (the seed passes a fixed one). */
  now?: () => Date;
  /** Downloads https training data; tests pass a fake (this machine has no internet). */
  download?: (url: string, signal: AbortSignal) => Promise<SftDataResult>;
  /** Hosts exempt from the public-address rule of downloads (SFT_DATA_ALLOWED_HOSTS). */
  allowedDataHosts?: readonly string[];
};

/** The timer is considered stalled when no pass has completed for this long. */
export function stallThresholdMs(stepMs: number): number {
  return Math.max(10 * stepMs, 30_000);
}

export function createJobRunner(db: Database, options: JobRunnerOptions): JobRunner {
  const now = options.now ?? (() => new Date());
  const download =
    options.download ??
    ((url, signal) => fetchJsonlData(url, { signal, allowedHosts: options.allowedDataHosts ?? [] }));
  let state: "idle" | "running" | "stopped" = "idle";
  let timer: NodeJS.Timeout | undefined;
  let lastPassAt = Date.now();
  let aborter = new AbortController();
  const downloads = new Map<string, Promise<void>>();

  function startDownload(jobId: string, url: string): void {
    const signal = aborter.signal;
    const done = download(url, signal)
      .then((result) => {
        // Stopping aborts downloads; the job stays queued and is fetched again on the next start.
        if (!signal.aborted) startWithDownloadedData(db, jobId, result, now());
      })
      .catch((error: unknown) =>
        console.error(`[training runner] download for job ${jobId} failed unexpectedly:`, error),
      )
      .finally(() => downloads.delete(jobId));
    downloads.set(jobId, done);
  }

  /** One step of every active job. Each step is a short synchronous transaction. */
  function pass(): void {
    for (const job of activeJobs(db)) {
      try {
        const outcome = advanceJob(db, job.id, now());
        if (outcome === "needs_download" && !downloads.has(job.id)) startDownload(job.id, job.training_data_url ?? "");
      } catch (error) {
        // A job must end rather than hang: an unexpected error fails it with a message.
        console.error(`[training runner] job ${job.id} failed unexpectedly:`, error);
        try {
          failJob(
            db,
            job.id,
            `Internal error while training: ${error instanceof Error ? error.message : String(error)}`,
            now(),
          );
        } catch (failError) {
          console.error(`[training runner] could not record the failure of job ${job.id}:`, failError);
        }
      }
    }
    lastPassAt = Date.now();
  }

  function loop(): void {
    try {
      pass();
    } catch (error) {
      // The database itself failed (activeJobs); health() reports the stall until a pass succeeds.
      console.error("[training runner] pass failed:", error);
    }
    if (state === "running") {
      timer = setTimeout(loop, options.stepMs);
      timer.unref();
    }
  }

  return {
    start() {
      if (state === "running") return;
      state = "running";
      aborter = new AbortController();
      lastPassAt = Date.now();
      if (options.stepMs > 0) {
        timer = setTimeout(loop, options.stepMs);
        timer.unref();
      }
    },
    async stop() {
      state = "stopped";
      clearTimeout(timer);
      timer = undefined;
      aborter.abort();
      await Promise.allSettled(downloads.values());
    },
    async tick() {
      pass();
      await Promise.allSettled(downloads.values());
    },
    health() {
      if (state === "idle") return "Job runner not started";
      if (state === "stopped") return "Job runner stopped";
      const silentMs = Date.now() - lastPassAt;
      if (options.stepMs > 0 && silentMs > stallThresholdMs(options.stepMs)) {
        return `Job runner stalled: no step processed for ${Math.round(silentMs / 1000)} s`;
      }
      return "ok";
    },
  };
}
