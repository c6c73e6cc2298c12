/**
 * The bundle budget: initial JavaScript under 150 KB gzip (aim: 130), CSS under 20 KB
 * gzip. Checked as a test by check-bundle-budget.ts and shown beside the numbers by `npm run bench`.
 */
export const BUDGET = {
  initialJsGzip: 150 * 1024,
  initialJsGzipAim: 130 * 1024,
  initialCssGzip: 20 * 1024,
  /**
   * Files, not only bytes (for the cold load): over HTTP/1.1 a browser fetches six at a time from
   * one host, and a page's data request queued behind its code when the first load was 36 files and
   * each page a dozen more. build/chunking.ts keeps these small: the first load is index.html's
   * entry (src/boot.ts), the app it imports (src/main.tsx, preloaded by index.html) and what they
   * import (the bundler's runtime, the app's chunk, boot's page table).
   */
  initialJsFiles: 5,
  routeJsFiles: 4,
  /**
   * src/boot.ts and its imports (on the cold load's critical path): it starts the first page's code and data
   * before the app's chunk (React, the shell, the schemas: ~115 KB gzip) has arrived and run, so it
   * must not grow into that. Today ~14 KB: the settings and config readers with zod's core.
   */
  bootJsGzip: 20 * 1024,
};
