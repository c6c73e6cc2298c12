import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { answerSavesOf, useUnsavedAnswerCount } from "@/features/queues/queue-review/annotate/answer-saves";

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Says so while the browser is offline, and what becomes of what the annotator does meanwhile.
 * React Query holds every request until the connection returns and then sends them, so pages
 * would otherwise wait silently; one notice for the whole app covers every page. Answers are kept
 * in this browser until the service has them (answer-saves.ts); other changes wait only in the
 * page. The live region is always in the page, so the change is announced.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const waiting = useUnsavedAnswerCount(answerSavesOf(useQueryClient()));
  return (
    // Sticky only where it fits on about one line: below that it would sit under a page's own
    // sticky bar (the review's actions) and show through beneath it. Each unsaved answer says it too.
    <output className="block empty:hidden xl:sticky xl:top-0.5 xl:z-10">
      {online ? null : (
        <span className="block border-b border-line-strong bg-fg px-6 py-2 text-sm text-canvas">
          <strong className="font-semibold">You are offline.</strong> Your answers are kept in this browser, across
          reloads, and sent once you are back online
          {waiting > 0 ? ` (${waiting} waiting)` : ""}; other changes wait in this tab only.
        </span>
      )}
    </output>
  );
}
