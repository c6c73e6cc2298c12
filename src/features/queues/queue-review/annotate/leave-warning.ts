/** What the warning needs of the answers: how many the service does not have, and word when that changes. */
type Unsaved = { unsaved: () => number; subscribe: (listener: () => void) => () => void };

function ask(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers ask only when returnValue is set; no text given is ever shown.
  event.returnValue = true;
}

/**
 * Has the browser ask before the page is left (closed, reloaded, another address) while an answer
 * is not saved: one being sent may be cut off, one refused would be gone, one kept in this browser
 * would wait until the dashboard is opened again. The listener is there only while one is unsaved:
 * a page with a `beforeunload` listener is kept out of the back/forward cache.
 */
export function warnBeforeLeaving(answers: Unsaved): void {
  if (typeof window === "undefined") return;
  // Its own listener object: another store's (a test's second client) is armed and disarmed apart.
  const listener = { handleEvent: ask };
  let armed = false;
  answers.subscribe(() => {
    const unsaved = answers.unsaved() > 0;
    if (unsaved === armed) return;
    armed = unsaved;
    if (armed) window.addEventListener("beforeunload", listener);
    else window.removeEventListener("beforeunload", listener);
  });
}
