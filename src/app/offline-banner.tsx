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
    <output className="sticky top-0.5 z-10 block empty:hidden">
      {online ? null : (
        <span className="block border-b border-line-strong bg-fg px-6 py-2 text-sm text-canvas">
          <strong className="font-semibold">You are offline.</strong> Answers you give are kept in this browser until the service has them, even across a reload, and sent when the connection returns
          {waiting > 0 ? ` (${waiting === 1 ? "1 answer waits" : `${waiting} answers wait`})` : ""}. Other changes (item states, notes, forms) are sent then only if this tab stays open.
        </span>
      )}
    </output>
  );
}
