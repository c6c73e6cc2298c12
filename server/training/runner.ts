/**
 * Plays the GPU's part for training jobs (simulated work, real bookkeeping). The database is the
 * source of truth: the runner polls it for queued and running jobs, so a job created by any
 * request, or left running by a previous process, is picked up without being announced.
 */
export interface JobRunner {
  /** Starts the timer (when there is one); running jobs continue from their last persisted step. */
  start(): void;
  /** Stops the timer and abandons downloads in flight (their jobs stay queued); resolves when idle. */
  stop(): Promise<void>;
  /** Advances every active job by one step now, and waits for downloads this started (tests use this). */
  tick(): Promise<void>;
  /** "ok", or why the queue is not working (not started, stopped, stalled): the gpu_queue check. */
  health(): string;
}
