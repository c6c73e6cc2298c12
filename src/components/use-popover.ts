import { useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * A button that shows a panel beside it (a disclosure, not a menu: the panel holds ordinary
 * controls). A click outside closes it; Escape closes it and puts the focus back on the button,
 * so a keyboard user is where they were, and that Escape is the popover's alone. The button takes
 * `buttonRef`, `aria-expanded={open}`, `aria-controls={panelId}` and `onClick={toggle}`; the
 * element holding both takes `rootRef`.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    // In the capture phase: before the page's own shortcuts (on the document since the page opened, so
    // ahead of this listener in the bubble phase), which skip a key whose default was prevented. The
    // Escape that closes the menu must not also leave the review.
    document.addEventListener("keydown", onKey, { capture: true });
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey, { capture: true });
    };
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((v) => !v), []);
  return { open, close, toggle, panelId, rootRef, buttonRef };
}
