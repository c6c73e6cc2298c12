/**
 * Page code loads started ahead of a visit (a link hovered or focused, the browser idle) and not
 * yet settled. The app never waits for them. The unit tests' setup does, after each file: with
 * files sharing one module graph per worker (vitest.config.ts), an import still loading when a
 * file's environment is torn down failed that worker's later files (EnvironmentTeardownError).
 */
const inFlight = new Set<Promise<unknown>>();

/** Notes `load` until it settles, and gives it back. */
export function trackPreload<T>(load: Promise<T>): Promise<T> {
  inFlight.add(load);
  const forget = () => inFlight.delete(load);
  load.then(forget, forget);
  return load;
}

/** Settles once no preload is loading (including ones started while waiting). */
export async function preloadsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled(inFlight);
}
