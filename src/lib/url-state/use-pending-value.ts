import { useState } from "react";

/**
 * A control whose value lives in the URL shows the user's choice at once, not after the
 * navigation that stores it has committed (otherwise a checkbox flickers back for a frame).
 * The pending value is dropped as soon as the committed value changes.
 */
export function usePendingValue<T>(committed: T): [T, (value: T) => void] {
  const [pending, setPending] = useState<{ value: T; over: T } | null>(null);
  if (pending && !Object.is(pending.over, committed)) setPending(null);
  const shown = pending && Object.is(pending.over, committed) ? pending.value : committed;
  return [shown, (value: T) => setPending({ value, over: committed })];
}
