import { useCallback, useEffect, useRef } from "react";
import { runAfterNextPaint } from "@/lib/after-next-paint";

/** The address without its fragment: a jump to an anchor (the skip link) is not another page. */
const currentPage = () => window.location.pathname + window.location.search;

/**
 * Runs a task once the frame after now has been painted, the latest task scheduled replacing any still waiting.
 * A task is dropped when the browser's address moved to another page meanwhile (a link followed, Back: the browser
 * changes it at once), so it never acts on a page it was not meant for; `dropped` is told. `stop` drops the one
 * waiting and refuses later ones, for a page being left (a task scheduled after it, such as a search that answers
 * late, would act on the next page); unmounting stops too.
 */
export function useAfterPaint() {
  const pending = useRef<(() => void) | null>(null);
  const stopped = useRef(false);
  const cancel = useCallback(() => {
    pending.current?.();
    pending.current = null;
  }, []);
  const stop = useCallback(() => {
    stopped.current = true;
    cancel();
  }, [cancel]);
  const schedule = useCallback(
    (task: () => void, dropped?: () => void) => {
      cancel();
      if (stopped.current) return;
      const from = currentPage();
      pending.current = runAfterNextPaint(() => {
        pending.current = null;
        if (stopped.current) return;
        if (currentPage() === from) task();
        else dropped?.();
      });
    },
    [cancel],
  );
  useEffect(() => {
    stopped.current = false;
    return stop;
  }, [stop]);
  return { schedule, stop };
}
