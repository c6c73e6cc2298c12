import { useState } from "react";
import type { ClientScope } from "@/api/client-config";
import { useViewer } from "@/connection/use-viewer";
import { browserStorage, readItem, writeItem } from "@/lib/browser-storage";

/**
 * Who "I" am to the annotation service, so the transition rules can tell my own annotations from
 * other people's. The W&B API says it (its `viewer.id` is the id the trace service records as the
 * annotator). When that API cannot be reached (CORS, a proxy without it), the id is learnt from the
 * first accepted progress change instead: every such answer carries the caller as the item's
 * latest writer. That id is remembered per service address and key fingerprint (never the key).
 */
const storageKey = (scope: ClientScope) => `wbops.queues.annotator:${scope.baseUrl}:${scope.keyFingerprint}`;

export type Annotator = {
  /** The caller's user id, or null while unknown. */
  me: string | null;
  /** Where `me` came from; "unknown" until the W&B API answers or a change is accepted. */
  source: "wandb" | "learnt" | "unknown";
  /** Why the W&B API could not say, when it could not. */
  viewerError: unknown;
  remember: (id: string | null | undefined) => void;
};

export function useAnnotator(scope: ClientScope): Annotator {
  const viewer = useViewer();
  const key = storageKey(scope);
  const [learnt, setLearnt] = useState<{ key: string; id: string } | null>(null);
  const stored = learnt?.key === key ? learnt.id : readItem(browserStorage().local, key);
  const remember = (id: string | null | undefined) => {
    if (!id || id === stored) return;
    writeItem(browserStorage().local, key, id);
    setLearnt({ key, id });
  };
  if (viewer.data) return { me: viewer.data.id, source: "wandb", viewerError: null, remember };
  const viewerError = viewer.isError ? viewer.error : null;
  return { me: stored, source: stored ? "learnt" : "unknown", viewerError, remember };
}
