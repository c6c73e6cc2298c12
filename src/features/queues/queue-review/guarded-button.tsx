import { useId, type ReactNode } from "react";
import { Button, type ButtonVariant } from "@/components/button";
import { cn } from "@/lib/cn";

/**
 * A button that may be blocked with a reason. Blocked, it stays focusable (aria-disabled rather
 * than disabled) so the reason can be read: on hover and on focus (a tooltip), and by screen
 * readers (aria-describedby). No `title` as well: the browser's own tooltip would repeat the
 * reason a second after ours.
 */
export function GuardedButton({
  blockedReason,
  note,
  onClick,
  variant,
  shortcut,
  children,
  busy,
}: {
  blockedReason: string | null;
  note?: string;
  onClick: () => void;
  variant?: ButtonVariant;
  shortcut?: string;
  children: ReactNode;
  busy?: boolean;
}) {
  const tipId = useId();
  const tip = blockedReason ?? note ?? null;
  const blocked = blockedReason !== null || !!busy;
  // An upper-case letter is typed with Shift: say so to assistive tech and show ⇧.
  const shifted = !!shortcut && shortcut !== shortcut.toLowerCase();
  return (
    <span className="group relative inline-flex">
      <Button
        variant={variant}
        aria-disabled={blocked || undefined}
        aria-describedby={tip ? tipId : undefined}
        aria-keyshortcuts={shortcut ? (shifted ? `Shift+${shortcut}` : shortcut) : undefined}
        onClick={() => {
          if (!blocked) onClick();
        }}
        className={cn(blocked && "cursor-not-allowed opacity-55")}
      >
        {children}
        {shortcut ? (
          <kbd
            aria-hidden="true"
            className="rounded border border-current/30 px-1 font-mono text-[10px] leading-4 opacity-85"
          >
            {shifted ? `⇧${shortcut}` : shortcut}
          </kbd>
        ) : null}
      </Button>
      {tip ? (
        <span
          id={tipId}
          role="tooltip"
          className="pointer-events-none absolute top-full left-0 z-20 mt-1 hidden w-64 rounded-md border border-line bg-surface px-2 py-1 text-xs text-fg shadow-md group-hover:block group-has-[:focus-visible]:block"
        >
          {tip}
        </span>
      ) : null}
    </span>
  );
}
