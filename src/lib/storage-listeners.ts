/**
 * The listeners of a store kept in browser storage. While anyone listens, the store follows the
 * window's `storage` event (another tab wrote), and stops when the last listener leaves, so a
 * store nobody reads holds no global listener. `alsoWhileListened` starts any other watch the
 * store needs (the system theme) and returns its stop.
 */
export function storageListeners(onStorage: (event: StorageEvent) => void, alsoWhileListened?: () => () => void) {
  const listeners = new Set<() => void>();
  let stopOther: (() => void) | undefined;
  return {
    notify(): void {
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0 && typeof window !== "undefined") {
        window.addEventListener("storage", onStorage);
        stopOther = alsoWhileListened?.();
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== "undefined") {
          window.removeEventListener("storage", onStorage);
          stopOther?.();
          stopOther = undefined;
        }
      };
    },
  };
}
