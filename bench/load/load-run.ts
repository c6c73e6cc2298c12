import autocannon, { type Options } from "autocannon";
import { startHealthProbe, type ProbeResult } from "./health-probe";

export type LoadResult = {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers by HTTP status. */
  statusCodes: Record<string, number>;
  /** The health endpoint, probed every 100 ms from another process during the load. */
  health: ProbeResult;
};

/**
 * `options` under autocannon for `seconds` (and at most `maxRequests`), on loopback, while a
 * separate process probes the health endpoint.
 */
export async function runLoad(
  name: string,
  options: Options,
  healthUrl: string,
  limits: { seconds: number; connections: number; maxRequests: number },
): Promise<LoadResult> {
  const probe = await startHealthProbe(healthUrl);
  const outcome = await autocannon({
    ...options,
    connections: limits.connections,
    pipelining: 1,
    duration: limits.seconds,
    maxOverallRequests: limits.maxRequests,
    timeout: 10,
  }).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  // Stop the probe whatever happened, so no child process outlives the run.
  const health = await probe.stop();
  if ("error" in outcome) throw outcome.error;
  const result = outcome.value;
  return {
    name,
    connections: limits.connections,
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / Math.max(result.duration, 0.001)),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
    health,
  };
}
