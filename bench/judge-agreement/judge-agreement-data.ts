import { picker, seededRandom } from "../../server/trace/seed/prng";
import type { JudgeAgreementInput } from "../../src/features/queues/judges/agreement/judge-agreement";

export const AGREEMENT_CALLS = 10_000;
export const ANNOTATORS = ["user-demo", "user-maria", "user-kenji"] as const;
export const RESOLUTIONS = ["resolved", "partially", "unresolved"] as const;

/**
 * One question's answers on 10,000 calls: each call has a true answer, each of three annotators
 * gives it 75% of the time (else another), and two judge versions give it 65% and 80% of the time.
 * Seeded, so every run and machine computes the same figures.
 */
function questionInput(
  level: JudgeAgreementInput["level"],
  options: readonly (string | number)[],
  seed: number,
): JudgeAgreementInput {
  const p = picker(seededRandom(seed));
  const callIds = Array.from({ length: AGREEMENT_CALLS }, (_, i) => `019a${String(i).padStart(8, "0")}-bench`);
  const truth = callIds.map(() => p.pick(options));
  const answer = (i: number, rate: number) => (p.chance(rate) ? truth[i] : p.pick(options));
  const humans = new Map(
    callIds.map((callId, i) => [callId, ANNOTATORS.map((by) => ({ by, value: answer(i, 0.75) }))] as const),
  );
  const versions = [
    { digest: "v1-bench", verdicts: new Map(callIds.map((callId, i) => [callId, answer(i, 0.65)] as const)) },
    { digest: "v2-bench", verdicts: new Map(callIds.map((callId, i) => [callId, answer(i, 0.8)] as const)) },
  ];
  return { level, callIds, humans, versions, options };
}

/** A 1-5 rating (ordinal) and a three-way choice (nominal) over the same 10,000 calls. */
export function agreementBenchInputs(): { name: string; input: JudgeAgreementInput }[] {
  return [
    { name: "1-5 rating", input: questionInput("ordinal", [1, 2, 3, 4, 5], 37) },
    { name: "3-way choice", input: questionInput("nominal", RESOLUTIONS, 38) },
  ];
}
