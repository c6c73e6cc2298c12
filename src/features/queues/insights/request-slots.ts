/**
 * At most `size` requests in flight; urgent ones (the answers on items already read, which fill
 * the figures in) start before queued ordinary ones (further pages of items). A queued request
 * whose signal is aborted never starts.
 */
export function requestSlots(size: number) {
  let active = 0;
  const urgent: (() => void)[] = [];
  const ordinary: (() => void)[] = [];
  const pump = () => {
    while (active < size) {
      const next = urgent.shift() ?? ordinary.shift();
      if (!next) return;
      active += 1;
      next();
    }
  };
  return function inSlot<T>(run: () => Promise<T>, signal: AbortSignal, isUrgent = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (isUrgent ? urgent : ordinary).push(() => {
        const started = signal.aborted ? Promise.reject(signal.reason) : run();
        void started.then(resolve, reject).finally(() => {
          active -= 1;
          pump();
        });
      });
      pump();
    });
  };
}

export type RequestSlots = ReturnType<typeof requestSlots>;
