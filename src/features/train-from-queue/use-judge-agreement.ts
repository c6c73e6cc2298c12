import { useEffect, useMemo, useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { judgeAgreementSteps, measureOf, verdictsOf, versionKey, type Judge } from "@/features/queues";
import type { AgreementView } from "./judge-source-fields";
import { judgeWarning } from "./judge-warning";
import type { TrainingSource } from "./load-training-source";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Measured = { key: object; view: AgreementView };

/**
 * The chosen judge version's agreement with the team's majority over the queue's calls (the
 * Judges pages' figures), measured in steps with the browser's next task between them, and the
 * warning it calls for. Null while no judge version is chosen.
 */
export function useJudgeAgreement(
  spec: QueueSpec | null,
  source: TrainingSource | undefined,
  version: Judge | null,
): AgreementView | null {
  const input = useMemo(() => {
    if (!spec || !source || !version) return null;
    const level = measureOf(spec.fieldSchema).level;
    if (!level) return null;
    const callIds = [...new Set(source.items.map((item) => item.call_id))];
    const humans = new Map(callIds.map((callId) => [callId, source.answers.get(callId)?.[spec.id] ?? []]));
    const verdicts = verdictsOf(source.outcomes.get(versionKey(version.id, version.digest)));
    return { level, callIds, humans, versions: [{ digest: version.digest, verdicts }] };
  }, [spec, source, version]);
  const [measured, setMeasured] = useState<Measured | null>(null);
  useEffect(() => {
    if (!input) return;
    let cancelled = false;
    void (async () => {
      let view: AgreementView;
      try {
        const steps = judgeAgreementSteps(input);
        let step = steps.next();
        while (!step.done) {
          await nextTask();
          if (cancelled) return;
          step = steps.next();
        }
        const agreement = step.value[0];
        if (!agreement) throw new Error("The judge version's agreement was not measured.");
        const { n, accuracy, kappa, mae, spearman } = agreement.vsMajority;
        const figures = { n, accuracy, kappa, mae, spearman };
        view = { status: "ready", figures, numeric: input.level !== "nominal", warning: judgeWarning(figures) };
      } catch (error) {
        view = { status: "failed", error };
      }
      if (!cancelled) setMeasured({ key: input, view });
    })();
    return () => {
      cancelled = true;
    };
  }, [input]);
  if (!input) return null;
  return measured?.key === input ? measured.view : { status: "computing" };
}
