import type { ConfigRead } from "./runtime-config";

export type RuntimeConfigSnapshot = {
  read: ConfigRead;
  /** True while /config.json is being read again. */
  retrying: boolean;
};

export type RuntimeConfigStore = {
  getSnapshot(): RuntimeConfigSnapshot;
  subscribe(listener: () => void): () => void;
  /** Reads /config.json again and applies what it says, without a reload. */
  retry(): Promise<void>;
};

/**
 * The deployment config as read, kept so a failed read can be retried in place: `reload` reads
 * it again and `onRead` applies a new answer (main.tsx: the settings' defaults, so a held key is
 * sent once the config says where the services are).
 */
export function createRuntimeConfigStore(
  initial: ConfigRead,
  options: { reload?: () => Promise<ConfigRead>; onRead?: (read: ConfigRead) => void } = {},
): RuntimeConfigStore {
  let snapshot: RuntimeConfigSnapshot = { read: initial, retrying: false };
  let pending: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const publish = (next: RuntimeConfigSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retry() {
      const reload = options.reload;
      if (!reload) return Promise.resolve();
      pending ??= (async () => {
        publish({ ...snapshot, retrying: true });
        const read = await reload();
        options.onRead?.(read);
        publish({ read, retrying: false });
        pending = undefined;
      })();
      return pending;
    },
  };
}
