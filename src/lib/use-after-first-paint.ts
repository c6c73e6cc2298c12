import { useEffect, useState } from "react";

/**
 * False until two animation frames after `ready` first holds, then true for good (`initially`:
 * true from the start). For work that may wait until what the first render shows is painted: the
 * paint happens in the first of the two frames, and the work's render comes after it.
 */
export function useAfterFirstPaint(ready: boolean, initially = false): boolean {
  const [painted, setPainted] = useState(initially);
  useEffect(() => {
    if (!ready || painted) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [ready, painted]);
  return painted;
}
