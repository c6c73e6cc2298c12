import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Says so while the browser is offline. React Query holds every request until the connection
 * returns and then sends them, so pages would otherwise wait silently; one notice for the whole
 * app covers every page. The live region is always in the page, so the change is announced.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <output className="sticky top-0.5 z-10 block empty:hidden">
      {online ? null : (
        <span className="block border-b border-line-strong bg-fg px-6 py-2 text-sm text-canvas">
          <strong className="font-semibold">You are offline.</strong> Pages will update by themselves when the connection returns; nothing you typed is lost.
        </span>
      )}
    </output>
  );
}
