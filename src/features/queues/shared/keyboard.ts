import { useLayoutEffect } from "react";
import { useLatest } from "@/lib/use-latest";

/**
 * Marks a region where single keys never act as shortcuts, whatever has the focus inside it (a
 * button or a link between text fields, such as a note's Delete beside the note box): a letter
 * typed a moment after the focus moved there is meant as text, not as "complete" or "skip".
 */
export const QUIET_KEYS_REGION = { "data-quiet-keys": "" } as const;
const QUIET_KEYS_SELECTOR = "[data-quiet-keys]";

/** True inside a region marked with QUIET_KEYS_REGION. */
export function inQuietRegion(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(QUIET_KEYS_SELECTOR) !== null;
}

/** True while the user types: a text field, a select, an editable region, or a quiet-keys region. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || inQuietRegion(target)) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  // Checkboxes and radios do not take text: single-key shortcuts still make sense there.
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(type);
}

export type ShortcutHandler = (event: KeyboardEvent) => void;

/**
 * The handler once per press: a held key's repeats are ignored. For keys that record something
 * (a state, an answer), where a key held a moment too long must not act twice; moving keys (j, k,
 * n, p) keep repeating.
 */
export const oncePerPress =
  (handler: ShortcutHandler): ShortcutHandler =>
  (event) => {
    if (!event.repeat) handler(event);
  };

/**
 * Single-key shortcuts on the document. Quiet while typing, while a modal dialog is open (it owns
 * the keyboard), and when Ctrl/Meta/Alt is held (browser and OS shortcuts win). Keys are matched
 * on `event.key`, so "?" and "C" (Shift+c) are their own keys.
 */
export function useShortcuts(handlers: Record<string, ShortcutHandler>, enabled = true): void {
  // Set before the page paints (as the listener is, below), so a key pressed the moment a page appears
  // (the next item, on the 200th of the day) reaches it instead of falling between paint and effect.
  const latest = useLatest(handlers);
  useLayoutEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== "Escape" && isTypingTarget(event.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const handler = latest.current[event.key];
      if (!handler) return;
      // The key is the shortcut's alone: no other shortcut acts on it, and the browser's own handling of a key
      // typed on the page (which brings the page's layout up to date first, in the key's own handling) is skipped.
      event.preventDefault();
      handler(event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, latest]);
}
