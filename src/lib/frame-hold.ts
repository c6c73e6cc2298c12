import { runAfterNextPaint } from "./after-next-paint";

/**
 * Work that waits while a key's frame is drawn. On a machine of two cores, the frame that shows the next item is
 * rastered and drawn on other threads after the main thread has painted it; requests started in that time (and the
 * local service answering them) take the cores it needs and push the frame back. A key that moves the review holds
 * the next frame; work that can wait asks `afterHeldFrame` and runs once the frame is drawn (runAfterNextPaint's
 * DRAWN_AFTER_MS after its callbacks), or at once when the page is left or hidden: a held write is sent before the
 * page goes. Measured in bench/README.md, "Where the frame goes".
 */

/** The held tasks, each its own entry (one function may be held twice), in the order they came. */
const held = new Set<{ run: () => void }>();
/** Cancels the pending release; null when no frame is held. */
let cancelRelease: (() => void) | null = null;

const LEAVE_EVENTS = ["beforeunload", "pagehide"] as const;

function onVisibilityChange(): void {
  if (document.visibilityState === "hidden") releaseHeld();
}

function listenForLeave(listen: boolean): void {
  const method = listen ? "addEventListener" : "removeEventListener";
  for (const type of LEAVE_EVENTS) window[method](type, releaseHeld);
  document[method]("visibilitychange", onVisibilityChange);
}

/** Runs every held task now, in order; one that throws does not stop the rest (its error is reported). */
function releaseHeld(): void {
  cancelRelease?.();
  cancelRelease = null;
  listenForLeave(false);
  const tasks = [...held];
  held.clear();
  for (const task of tasks) {
    try {
      task.run();
    } catch (error) {
      // As an uncaught error would be: in the console, and to the page's error listeners.
      reportError(error);
    }
  }
}

/**
 * The page going away (`pagehide`), until a `pageshow` brings it back from the back-forward cache: no frame is drawn
 * for it any more, and no timer or frame callback runs, so a write still waiting must go out at once.
 */
let pageGone = false;
let markGone: () => void = () => undefined;
let gone = new Promise<void>((resolve) => (markGone = resolve));
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => {
    pageGone = true;
    markGone();
  });
  window.addEventListener("pageshow", () => {
    if (!pageGone) return;
    pageGone = false;
    gone = new Promise<void>((resolve) => (markGone = resolve));
  });
}

/** Resolves when the page goes away (see `pageGone`): what waits on something else may wait no longer. */
export function pageGoing(): Promise<void> {
  return gone;
}

/**
 * Holds back `afterHeldFrame` work until the next frame is drawn. Called again while a frame is held, it keeps the
 * first release: a held key's repeats must not hold the work back for as long as the key is down. A page going away
 * draws no frame: nothing is held.
 */
export function holdForNextFrame(): void {
  if (cancelRelease || pageGone) return;
  listenForLeave(true);
  cancelRelease = runAfterNextPaint(releaseHeld);
}

/**
 * Runs `task` after the held frame is drawn, or in a task of its own (a zero timer) when no frame is held. Returns
 * a function that cancels it.
 */
export function afterHeldFrame(task: () => void): () => void {
  if (!cancelRelease) {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const entry = { run: task };
  held.add(entry);
  return () => {
    held.delete(entry);
  };
}

/** True while a key's frame is held (see holdForNextFrame): its work not yet released. */
export function isFrameHeld(): boolean {
  return cancelRelease !== null;
}

/** Resolves after the held frame is drawn (see afterHeldFrame), at once when no frame is held. */
export function heldFrameDrawn(): Promise<void> {
  if (!cancelRelease) return Promise.resolve();
  return new Promise((resolve) => {
    afterHeldFrame(resolve);
  });
}
