import { useId, useState } from "react";
import { Section } from "@/components/section";
import { Select } from "@/components/select-field";
import { formatCount } from "@/lib/number-format";
import type { VersionAgreement } from "../agreement/judge-agreement";
import type { JudgeSource } from "../load-judge-source";
import type { Judge } from "../model/judge-value";
import { versionKey } from "../model/verdicts";
import { DisagreementsTable } from "./disagreements-table";

type Side = { version: Judge; agreement: VersionAgreement };

/** The disagreements of one of the shown versions (the newer by default), with a choice of which. */
export function DisagreementsSection({
  project,
  queueId,
  source,
  sides,
}: {
  project: string;
  queueId: string;
  source: JudgeSource;
  /** Older first. */
  sides: readonly Side[];
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const newest = sides[sides.length - 1] as Side;
  const side = sides.find((candidate) => candidate.version.digest === chosen) ?? newest;
  const label = `v${side.version.versionIndex}`;
  return (
    <Section
      title="Disagreements"
      note={`${formatCount(side.agreement.disagreements.length)} calls`}
      actions={
        sides.length > 1 ? (
          <span className="flex items-center gap-2 text-sm text-fg">
            <label htmlFor={selectId}>Of version</label>
            <Select
              id={selectId}
              density="compact"
              value={side.version.digest}
              onChange={(event) => setChosen(event.target.value)}
            >
              {sides.map(({ version }) => (
                <option key={version.digest} value={version.digest}>
                  v{version.versionIndex}
                </option>
              ))}
            </Select>
          </span>
        ) : null
      }
    >
      <p className="text-sm text-fg-muted">
        Calls where {label}&apos;s verdict is not the team&apos;s answer; each opens its review, where the judge&apos;s
        reasoning shows beside the answers.
      </p>
      <DisagreementsTable
        project={project}
        queueId={queueId}
        versionLabel={label}
        disagreements={side.agreement.disagreements}
        compared={side.agreement.vsMajority.n}
        outcomes={source.outcomes.get(versionKey(side.version.id, side.version.digest))}
        itemOfCall={source.itemOfCall}
      />
    </Section>
  );
}
