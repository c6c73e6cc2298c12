import { ServiceError } from "../http/errors";

/**
 * At most `limit` requests in flight per key (user and project), as W&B Inference limits
 * concurrency per project. A request takes a slot and gives it back when its answer is complete,
 * including a stream that the client abandoned.
 */
export function createConcurrencyLimiter(limit: number) {
  const inFlight = new Map<string, number>();
  return {
    acquire(key: string): () => void {
      const current = inFlight.get(key) ?? 0;
      if (current >= limit) {
        throw new ServiceError(
          429,
          `Concurrency limit reached: at most ${limit} requests at a time per project. Retry when one finishes.`,
          "rate_limit_exceeded",
        );
      }
      inFlight.set(key, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const remaining = (inFlight.get(key) ?? 1) - 1;
        if (remaining <= 0) inFlight.delete(key);
        else inFlight.set(key, remaining);
      };
    },
    inFlight(key: string): number {
      return inFlight.get(key) ?? 0;
    },
  };
}
