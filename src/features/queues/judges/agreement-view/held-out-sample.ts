import type { JudgeSource } from "../load-judge-source";
import { sampleHash } from "../run/run-targets";

export const HELD_OUT_BOUNDS = { min: 1, max: 1000, default: 50 } as const;

/**
 * A held-out sample: calls people answered (this question) that are not among the disagreements
 * the prompt was edited against, so the new version is also measured where nobody looked. The
 * `size` calls with the smallest hash of `<judge id>:held-out:<call id>`: the same calls every
 * time for one judge (a re-run resumes them, every version is measured on them), in hash order.
 */
export function heldOutSample(
  source: Pick<JudgeSource, "callIds" | "answers">,
  judge: { id: string; specId: string },
  excluded: ReadonlySet<string>,
  size: number,
): string[] {
  const bounded = Math.max(0, Math.min(HELD_OUT_BOUNDS.max, Math.floor(size)));
  return source.callIds
    .filter((callId) => !excluded.has(callId) && (source.answers.get(callId)?.[judge.specId]?.length ?? 0) > 0)
    .map((callId) => ({ callId, hash: sampleHash(`${judge.id}:held-out:${callId}`) }))
    .sort((a, b) => a.hash - b.hash || (a.callId < b.callId ? -1 : 1))
    .slice(0, bounded)
    .map((entry) => entry.callId);
}
