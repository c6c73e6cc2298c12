import type { MouseEvent } from "react";

/** Clicks on a control inside a row (copy, link, a focusable time) do their own thing. */
export function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && !!event.target.closest("a, button, input, [tabindex='0']");
}

/** A plain left click (no modifier keys), so Ctrl/Cmd/Shift-clicks keep the browser's meaning. */
export const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A click whose target is not inside the row's own DOM: React passes events from a portal (a row
 * action's dialog) up the component tree, so a click in a dialog opened from a row reaches the row.
 */
const fromOutsideRow = (event: MouseEvent): boolean =>
  !(event.target instanceof Node && event.currentTarget instanceof Node && event.currentTarget.contains(event.target));

/**
 * Whether a click anywhere on a row should open what the row shows: on the row itself (not in a
 * dialog one of its actions opened), not on a control, and not the end of a text selection.
 */
export const clickOpensRow = (event: MouseEvent): boolean =>
  isPlainClick(event) && !fromOutsideRow(event) && !fromControl(event) && !window.getSelection()?.toString();
