import { useEffect, useState } from "react";
import { whenIdle } from "./when-idle";

/** Once the page has been idle, it stays so for every later mount: no second wait. */
let reachedOnce = false;

/**
 * False until the browser has first been idle after the page's first render, then true: for
 * work the first paint should not wait behind, such as the sidebar's "signed in as" read.
 */
export function useIdleReached(): boolean {
  const [reached, setReached] = useState(reachedOnce);
  useEffect(() => {
    if (reached) return undefined;
    return whenIdle(
      () => {
        reachedOnce = true;
        setReached(true);
      },
      { timeoutMs: 1000 },
    );
  }, [reached]);
  return reached;
}
