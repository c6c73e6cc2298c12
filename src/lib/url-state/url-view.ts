import type { UrlIssue } from "./url-issue";

/**
 * How one page's view (filters, sort, page, open panel…) is kept in the URL. `params` lists every
 * parameter the page owns: `write` starts from the address with those removed, so parameters
 * that belong to someone else (the review's `i`) are kept. Free of React (use-url-table.ts holds
 * the hook): boot.ts reads a page's view to build its first request before React has loaded.
 */
export type UrlViewCodec<S> = {
  params: readonly string[];
  read: (params: URLSearchParams, issues: UrlIssue[]) => S;
  /** Writes the state's non-default values onto `params`. */
  write: (state: S, params: URLSearchParams) => void;
};

export function readUrlView<S>(codec: UrlViewCodec<S>, params: URLSearchParams): { state: S; issues: UrlIssue[] } {
  const issues: UrlIssue[] = [];
  return { state: codec.read(params, issues), issues };
}

export function writeUrlView<S>(codec: UrlViewCodec<S>, state: S, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of codec.params) params.delete(name);
  codec.write(state, params);
  return params;
}
