import { ServiceError } from "./errors";

/**
 * At most `limit` requests in flight per key, with a 429 worded by `refusal` above it. A request
 * takes a slot and gives it back when its answer is complete, including a stream that the client
 * abandoned. Keys are the authenticated entity, never something the client names (a
 * limit keyed on the OpenAI-Project header would give 200 invented projects 200 streams).
 */
export function createConcurrencyLimiter(limit: number, refusal: (limit: number) => string) {
  const inFlight = new Map<string, number>();
  return {
    acquire(key: string): () => void {
      const current = inFlight.get(key) ?? 0;
      if (current >= limit) throw new ServiceError(429, refusal(limit), "rate_limit_exceeded");
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
