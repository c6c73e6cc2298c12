import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * The value of the latest render, in a ref: for handlers that a memoised child or a long-lived listener calls, so they
 * act on what is shown now and never on a render before, while what holds the ref stays the same object (a memoised
 * child is not rendered again for a new function). Set in a layout effect, before the page paints: a key pressed or a
 * click made the moment a render appears reaches the new value, not the one before it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
