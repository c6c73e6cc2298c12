import { Button } from "@/components/button";
import { ACCEPT_SUGGESTIONS_KEY } from "./judge-suggestion";

/** Accepts every judge's suggestion still standing on the item, as the key does; nothing when there is none. */
export function AcceptSuggestions({ count, onAccept }: { count: number; onAccept: () => void }) {
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-accent p-2 text-xs">
      <span className="text-fg-muted">
        {count === 1 ? "1 answer is the judge's suggestion" : `${count} answers are the judge's suggestions`}, not
        saved.
      </span>
      <Button size="sm" onClick={onAccept} aria-keyshortcuts={ACCEPT_SUGGESTIONS_KEY}>
        {count === 1 ? "Accept the judge's suggestion" : "Accept the judge's suggestions"}
        <kbd aria-hidden="true" className="ml-1.5 rounded border border-line px-1 font-sans text-[10px]">
          {ACCEPT_SUGGESTIONS_KEY}
        </kbd>
      </Button>
    </div>
  );
}
