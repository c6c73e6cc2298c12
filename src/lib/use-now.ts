import { useEffect, useState } from "react";

/** The time, re-rendering every `intervalMs` so "2 minutes ago" (or "stale") stays true while a page is open. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
