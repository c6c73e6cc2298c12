import type { BrowserContext, Page } from "@playwright/test";

// The events a test may listen to on its page or context. Playwright's reset between tests
// (`reuseContext`, playwright.config.ts) keeps the same Page and BrowserContext objects, and with
// them every listener a test added: a `dialog` handler that accepts would then answer the next test's
// confirm, and each `request` collector would go on growing.
const TEST_EVENTS = [
  "console",
  "dialog",
  "download",
  "filechooser",
  "page",
  "pageerror",
  "popup",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "websocket",
] as const;

type Listener = (...args: unknown[]) => void;
/** Page and BrowserContext are Node-style event emitters; their types declare `on` and `off` per event only. */
type Emitter = { listeners(event: string): Listener[]; off(event: string, listener: Listener): unknown };
const asEmitter = (target: Page | BrowserContext) => target as unknown as Emitter;

function listenersOf(emitter: Emitter): Map<string, Set<Listener>> {
  return new Map(TEST_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
}

function removeListenersAddedSince(emitter: Emitter, before: Map<string, Set<Listener>>): void {
  for (const event of TEST_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.off(event, listener);
    }
  }
}

/**
 * Runs a test in a context reused from the test before, and afterwards puts back what Playwright's
 * own reset leaves as it was (its documentation lists them): the listeners the test added, the
 * network switched off (`setOffline`) and the permissions granted (`grantPermissions`). Storage,
 * routes, init scripts, the clock, the viewport, the emulated media and the other pages are reset by
 * Playwright when the next test starts.
 */
export async function inReusedContext(context: BrowserContext, page: Page, run: () => Promise<void>): Promise<void> {
  const pageListeners = listenersOf(asEmitter(page));
  const contextListeners = listenersOf(asEmitter(context));
  try {
    await run();
  } finally {
    removeListenersAddedSince(asEmitter(page), pageListeners);
    removeListenersAddedSince(asEmitter(context), contextListeners);
    await context.setOffline(false);
    await context.clearPermissions();
  }
}
