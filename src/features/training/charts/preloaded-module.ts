import { useEffect, useState } from "react";

/**
 * Code loaded ahead (uPlot and a chart component), used without React.lazy: a lazy component
 * suspends on its first render even when its code has arrived, and React then holds the reveal of
 * a Suspense boundary back for up to 300 ms after its fallback showed, so the job page's first
 * chart would come that much after its events. Here the import starts when the page's module runs
 * (only where a canvas can draw) and the component is used as soon as it is there.
 */
export type Preloaded<T> = { current: () => T | null; promise: Promise<T> | null };

export function preload<T>(enabled: boolean, load: () => Promise<T>): Preloaded<T> {
  let value: T | null = null;
  const promise = enabled
    ? load().then((loaded) => {
        value = loaded;
        return loaded;
      })
    : null;
  // A failed load is reported by the hook; no unhandled rejection meanwhile.
  promise?.catch(() => undefined);
  return { current: () => value, promise };
}

export type PreloadedState<T> = { value: T | null; failed: boolean };

/** The preloaded value once it is there (null before), and whether its load failed. */
export function usePreloaded<T>(module: Preloaded<T>): PreloadedState<T> {
  const [state, setState] = useState<PreloadedState<T>>(() => ({ value: module.current(), failed: false }));
  useEffect(() => {
    if (state.value !== null || state.failed || !module.promise) return;
    let live = true;
    module.promise.then(
      (value) => live && setState({ value, failed: false }),
      () => live && setState({ value: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [module, state.value, state.failed]);
  return state;
}
