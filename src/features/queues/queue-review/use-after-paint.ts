import { useCallback, useEffect, useRef } from "react";

/** The longest a deferred task waits when no frame comes (a tab in the background draws none). */
const AT_MOST_MS = 250;

/**
 * Runs a task once the frame after now has been painted, the latest task scheduled replacing any still waiting.
 * `cancel` drops the one waiting; so does unmounting. A task is also dropped when the browser's address changed
 * meanwhile (a link followed, Back: the browser changes it at once), so it never acts on a page it was not meant for.
 */
export function useAfterPaint() {
  const pending = useRef<(() => void) | null>(null);
  const cancel = useCallback(() => {
    pending.current?.();
    pending.current = null;
  }, []);
  const schedule = useCallback(
    (task: () => void) => {
      cancel();
      const from = window.location.href;
      let afterFrame: ReturnType<typeof setTimeout> | undefined;
      const run = () => {
        clear();
        pending.current = null;
        if (window.location.href === from) task();
      };
      // A frame's callbacks run before it is painted; a task posted from there runs after the paint.
      const frame = requestAnimationFrame(() => {
        afterFrame = setTimeout(run, 0);
      });
      const fallback = setTimeout(run, AT_MOST_MS);
      function clear() {
        cancelAnimationFrame(frame);
        clearTimeout(afterFrame);
        clearTimeout(fallback);
      }
      pending.current = clear;
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
