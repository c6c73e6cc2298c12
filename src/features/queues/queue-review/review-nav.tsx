import { memo } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/button";
import { GuardedButton } from "./guarded-button";
import type { Neighbours } from "./list-window";

/**
 * Previous / Next in the table's list, Next unstarted (in work mode, Next for me: it claims the
 * next item offered to me), and the way back to the table.
 */
export function ReviewNav({
  neighbours,
  trail,
  onPrev,
  onNext,
  onNextUnstarted,
  searchingUnstarted,
  workMode,
  backHref,
  backState,
}: {
  /** Undefined while the item's place in the list is being found. */
  neighbours: Neighbours | undefined;
  /** Whether the items this review showed go on behind or ahead of this one (they come before the list). */
  trail: { back: boolean; forward: boolean };
  onPrev: () => void;
  onNext: () => void;
  onNextUnstarted: () => void;
  searchingUnstarted: boolean;
  /** Work mode: the button claims the next item offered to me instead. */
  workMode: boolean;
  backHref: string;
  /** Tells the table which row to focus on arrival. */
  backState: unknown;
}) {
  const waiting = neighbours ? null : "Finding this item's place in the list…";
  const prevBlocked = trail.back
    ? null
    : (waiting ?? (neighbours?.prev ? null : "This is the first item of the list."));
  const nextBlocked = trail.forward
    ? null
    : (waiting ?? (neighbours?.next ? null : "This is the last item of the list."));
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Move through the list</legend>
      <MoveButtons prevBlocked={prevBlocked} nextBlocked={nextBlocked} onPrev={onPrev} onNext={onNext} />
      <NextUnstartedButton searching={searchingUnstarted} workMode={workMode} onClick={onNextUnstarted} />
      <Link to={backHref} state={backState} aria-keyshortcuts="Escape" className={buttonClasses("ghost", "md")}>
        Back to the table
        <kbd
          aria-hidden="true"
          className="ml-1.5 rounded border border-current/30 px-1 font-mono text-[10px] leading-4 opacity-70"
        >
          Esc
        </kbd>
      </Link>
    </fieldset>
  );
}

// The buttons below take plain values, and are memoised: from one item to the next in the middle of the list they
// are unchanged, and are not rendered again in the key's render (only the way back, which names the item, is).

const MoveButtons = memo(function MoveButtons({
  prevBlocked,
  nextBlocked,
  onPrev,
  onNext,
}: {
  prevBlocked: string | null;
  nextBlocked: string | null;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <>
      <GuardedButton blockedReason={prevBlocked} shortcut="p" onClick={onPrev}>
        Previous
      </GuardedButton>
      <GuardedButton blockedReason={nextBlocked} shortcut="n" onClick={onNext}>
        Next
      </GuardedButton>
    </>
  );
});

const NextUnstartedButton = memo(function NextUnstartedButton({
  searching,
  workMode,
  onClick,
}: {
  searching: boolean;
  workMode: boolean;
  onClick: () => void;
}) {
  return (
    <Button loading={searching} onClick={onClick} aria-keyshortcuts={workMode ? "u w" : "u"}>
      {workMode ? "Next for me" : "Next unstarted"}
      <kbd
        aria-hidden="true"
        className="rounded border border-current/30 px-1 font-mono text-[10px] leading-4 opacity-70"
      >
        u
      </kbd>
    </Button>
  );
});
