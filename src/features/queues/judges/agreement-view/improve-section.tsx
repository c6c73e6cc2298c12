import { useMemo } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { Section } from "@/components/section";
import { formatCount } from "@/lib/number-format";
import type { AgreementLevel } from "../agreement/agreement-figures";
import type { VersionAgreement } from "../agreement/judge-agreement";
import type { JudgeSource } from "../load-judge-source";
import type { Judge } from "../model/judge-value";
import { ChangedItemsTable } from "./changed-items-table";
import type { Comparison } from "./comparison";
import { ImprovePanel } from "./improve-panel";
import { MajorityFiguresTable } from "./majority-figures-table";

/**
 * Improve: run the newest version on the older one's disagreements and a held-out sample, then
 * both versions over the calls both judged (so the figures differ by the prompt, not by the
 * calls), and the verdicts that changed.
 */
export function ImproveSection({
  project,
  queueId,
  spec,
  level,
  source,
  sourceFresh,
  older,
  newer,
  comparison,
}: {
  project: string;
  queueId: string;
  spec: QueueSpec;
  level: AgreementLevel;
  source: JudgeSource;
  sourceFresh: boolean;
  older: { version: Judge; agreement: VersionAgreement };
  newer: Judge;
  comparison: Comparison;
}) {
  const oldLabel = `v${older.version.versionIndex}`;
  const newLabel = `v${newer.versionIndex}`;
  const { disagreements } = older.agreement;
  const disagreementIds = useMemo(() => disagreements.map((row) => row.callId), [disagreements]);
  const same = comparison.sameCalls;
  return (
    <Section title={`Improve: ${newLabel} against ${oldLabel}`}>
      <ImprovePanel
        project={project}
        judge={newer}
        oldLabel={oldLabel}
        spec={spec}
        source={source}
        sourceFresh={sourceFresh}
        disagreementIds={disagreementIds}
      />
      <h3 className="text-sm font-semibold text-fg">On the same calls</h3>
      {!same || same.calls === 0 ? (
        <p className="text-sm text-fg">
          {newLabel} has judged none of the calls {oldLabel} judged yet: run it on the disagreements or the held-out
          sample above.
        </p>
      ) : (
        <>
          <p className="text-sm text-fg-muted">
            Both versions over the {formatCount(same.calls)} calls both judged, against the team&apos;s answer.
          </p>
          <MajorityFiguresTable
            caption={`${oldLabel} and ${newLabel} on the calls both judged`}
            level={level}
            columns={[
              { label: oldLabel, figures: same.old.vsMajority },
              { label: newLabel, figures: same.current.vsMajority },
            ]}
          />
          <h3 className="text-sm font-semibold text-fg">The items that changed</h3>
          <ChangedItemsTable
            project={project}
            queueId={queueId}
            oldLabel={oldLabel}
            newLabel={newLabel}
            changed={comparison.changed}
            itemOfCall={source.itemOfCall}
          />
        </>
      )}
    </Section>
  );
}
