import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside `root`; returns whether it moved focus. */
function wrapFocus(root: HTMLElement, backwards: boolean): boolean {
  const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return false;
  const active = document.activeElement;
  if (backwards && (active === first || !root.contains(active))) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || !root.contains(active))) {
    first.focus();
    return true;
  }
  return false;
}

/**
 * A modal dialog: an open <dialog> with aria-modal, labelled by its title. On open, focus moves
 * in and everything else turns inert; Tab wraps, Escape closes, focus returns on close.
 * Not showModal(): jsdom (the component tests) does not implement it, so modality is done here.
 */
export function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  initialFocus,
  placement = "center",
  className,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Selector inside the dialog to focus first; the first focusable element otherwise. */
  initialFocus?: string;
  /** "side": a full-height sheet at the right edge, for detail panels. */
  placement?: "center" | "side";
  /** Extra classes for the dialog box, e.g. a wider max-width. */
  className?: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = root.closest("[data-dialog-root]");
    const outside = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== container && !el.hasAttribute("inert"),
    );
    for (const el of outside) el.setAttribute("inert", "");
    const target =
      (initialFocus ? root.querySelector<HTMLElement>(initialFocus) : null) ??
      root.querySelector<HTMLElement>(FOCUSABLE) ??
      root;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === "Tab" && wrapFocus(root, event.shiftKey)) {
        event.preventDefault();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      for (const el of outside) el.removeAttribute("inert");
      previous?.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  return createPortal(
    <div
      data-dialog-root=""
      className={cn(
        "fixed inset-0 z-50 flex",
        placement === "side" ? "justify-end" : "items-center justify-center p-4",
      )}
    >
      <div className="absolute inset-0 bg-zinc-950/50" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <dialog
        ref={panel}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          "relative m-0 w-full border-line bg-surface p-5 text-fg shadow-xl",
          placement === "side" ? "h-full max-h-none max-w-2xl overflow-y-auto border-l" : "max-w-md rounded-lg border",
          className,
        )}
      >
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-fg-muted">
            {description}
          </div>
        ) : null}
        <div className="mt-5">{children}</div>
      </dialog>
    </div>,
    document.body,
  );
}
