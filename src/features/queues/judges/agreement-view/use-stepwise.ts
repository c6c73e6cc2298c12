import { useEffect, useState } from "react";
import type { Steps } from "../../insights/stepwise-computation";

/** The browser's next task: input and paint go first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Settled<T> = { for: () => Steps<T>; value: T; longestStepMs: number };

/**
 * Runs a stepwise computation with the browser's next task between its steps, so no step holds
 * the main thread long (each is a User Timing measure, "judge-agreement-step", for DevTools and
 * the bench). `make` must keep its identity while its inputs do (useMemo): a new one starts over
 * and the one under way is dropped. Until it ends the last value stays shown, marked stale.
 */
export function useStepwise<T>(make: (() => Steps<T>) | null): {
  value: T | undefined;
  stale: boolean;
  longestStepMs: number | null;
} {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (!make) return;
    let dropped = false;
    void (async () => {
      const steps = make();
      let longest = 0;
      for (;;) {
        const start = performance.now();
        const step = steps.next();
        const end = performance.now();
        longest = Math.max(longest, end - start);
        try {
          performance.measure("judge-agreement-step", { start, end });
        } catch {
          // Timing is optional (older engines).
        }
        if (step.done) {
          if (!dropped) setSettled({ for: make, value: step.value, longestStepMs: longest });
          return;
        }
        await nextTask();
        if (dropped) return;
      }
    })();
    return () => {
      dropped = true;
    };
  }, [make]);
  return {
    value: settled?.value,
    stale: make !== null && settled?.for !== make,
    longestStepMs: settled ? settled.longestStepMs : null,
  };
}
