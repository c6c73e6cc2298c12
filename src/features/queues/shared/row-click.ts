import type { MouseEvent } from "react";

/** Clicks on a control inside a row (copy, link, a focusable time) do their own thing. */
export function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && !!event.target.closest("a, button, input, [tabindex='0']");
}

/** A plain left click (no modifier keys), so Ctrl/Cmd/Shift-clicks keep the browser's meaning. */
export const isPlainClick = (event: MouseEvent): boolean => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Whether a click anywhere on a row should open what the row shows: not on a control, and not the end of a text selection. */
export const clickOpensRow = (event: MouseEvent): boolean => isPlainClick(event) && !fromControl(event) && !window.getSelection()?.toString();
