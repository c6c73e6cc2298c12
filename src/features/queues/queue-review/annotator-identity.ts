import { useState } from "react";
import type { ClientScope } from "../../../api/client-config";
import { browserStorage, readItem, writeItem } from "../../../lib/browser-storage";

/**
 * Who "I" am to the annotation service. It has no "who am I" call, but every accepted progress
 * change answers with the item whose latest writer is the caller: that user id is remembered per
 * service address and key (its fingerprint, never the key) so the transition rules can tell the
 * caller's own annotations from other people's.
 */
const storageKey = (scope: ClientScope) => `wbops.queues.annotator:${scope.baseUrl}:${scope.keyFingerprint}`;

export function useAnnotatorId(scope: ClientScope) {
  const key = storageKey(scope);
  const [learnt, setLearnt] = useState<{ key: string; id: string } | null>(null);
  const me = learnt?.key === key ? learnt.id : readItem(browserStorage().local, key);
  const remember = (id: string | null | undefined) => {
    if (!id || id === me) return;
    writeItem(browserStorage().local, key, id);
    setLearnt({ key, id });
  };
  return { me, remember };
}
