/** The longest the wait lasts when no frame comes: a tab in the background draws none. */
const AT_MOST_MS = 250;

/**
 * Resolves once the next frame has been painted: a frame's callbacks run before its paint, and a task posted from
 * there runs after it. For work a key press starts that the frame showing its result does not need (a request
 * built and sent costs a millisecond or two of the key's handling). Without frames it resolves after 250 ms.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    let posted: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      cancelAnimationFrame(frame);
      clearTimeout(posted);
      clearTimeout(fallback);
      resolve();
    };
    const frame = requestAnimationFrame(() => {
      posted = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, AT_MOST_MS);
  });
}
