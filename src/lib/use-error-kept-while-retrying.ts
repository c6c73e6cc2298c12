import { useState } from "react";

/**
 * A query's error, kept while the query is read again after failing, until data arrives.
 * TanStack Query puts a query that has never had data back to "pending" each time it fetches, so
 * a page polling a service that is down switched from its error (with Retry) to "Loading…" and
 * back every few seconds, and the Retry button kept disappearing under the pointer.
 */
export function useErrorKeptWhileRetrying(error: unknown, hasData: boolean): unknown {
  const [kept, setKept] = useState<unknown>(null);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra frame.
  if (error && error !== kept) setKept(error);
  else if (hasData && kept) setKept(null);
  return error ?? (hasData ? null : kept);
}
