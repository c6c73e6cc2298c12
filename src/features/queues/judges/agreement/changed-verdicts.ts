import { valueKey } from "@/lib/agreement-stats/value-key";

export type ChangedVerdict = { callId: string; before: unknown; after: unknown };

/**
 * The calls whose verdict differs between two versions of a judge (for "Improve": what the prompt
 * edit changed), in the first map's order. Calls only one version has judged are not changes.
 */
export function changedVerdicts(
  before: ReadonlyMap<string, unknown>,
  after: ReadonlyMap<string, unknown>,
): ChangedVerdict[] {
  const changed: ChangedVerdict[] = [];
  for (const [callId, value] of before) {
    if (!after.has(callId)) continue;
    const next = after.get(callId);
    if (valueKey(value) !== valueKey(next)) changed.push({ callId, before: value, after: next });
  }
  return changed;
}
