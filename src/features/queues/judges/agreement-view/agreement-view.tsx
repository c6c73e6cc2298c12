import { useDeferredValue, useMemo, useState } from "react";
import { parseObjectRef } from "@contract/weave-refs";
import type { QueueSpec } from "@/api/annotation-specs";
import { Section } from "@/components/section";
import { UntrustedText } from "@/components/untrusted-text";
import type { JudgeSource } from "../load-judge-source";
import type { Judge } from "../model/judge-value";
import { verdictsOf, versionKey } from "../model/verdicts";
import { AnnotatorsFiguresTable } from "./annotators-figures-table";
import { comparisonSteps } from "./comparison";
import { ConfusionTable } from "./confusion-table";
import { DisagreementsSection } from "./disagreements-section";
import { ImproveSection } from "./improve-section";
import { MajorityFiguresTable } from "./majority-figures-table";
import { questionScale } from "./question-scale";
import { useStepwise } from "./use-stepwise";
import { NO_VERSION, VersionPicker } from "./version-picker";
import { VersionStatus } from "./version-status";

export const versionLabel = (version: Judge) => `v${version.versionIndex}`;

const hasVerdicts = (source: JudgeSource, version: Judge) => {
  for (const outcome of source.outcomes.get(versionKey(version.id, version.digest))?.values() ?? [])
    if (outcome.kind === "verdict") return true;
  return false;
};

/**
 * How the judge's versions agree with the team on its question: two versions side by side (by
 * default the latest and the newest older one with verdicts), against the team's answer and each
 * annotator, the confusion matrix, the disagreements, and the runs that improve the newest.
 */
export function AgreementView({
  project,
  queueId,
  versions,
  spec,
  source,
  sourceFresh,
}: {
  project: string;
  queueId: string;
  /** Newest first. */
  versions: readonly Judge[];
  spec: QueueSpec;
  source: JudgeSource;
  sourceFresh: boolean;
}) {
  const scale = useMemo(() => questionScale(spec), [spec]);
  // Only versions that answer this question: an older one may have answered another.
  const comparable = useMemo(
    () => versions.filter((version) => parseObjectRef(version.specRef)?.name === spec.id),
    [versions, spec.id],
  );
  const [picked, setPicked] = useState<{ old: string; current: string } | null>(null);
  const latest = comparable[0];
  const currentDigest = picked?.current ?? latest?.digest ?? NO_VERSION;
  const current = comparable.find((version) => version.digest === currentDigest);
  const defaultOld = comparable.find(
    (version) => current && version.versionIndex < current.versionIndex && hasVerdicts(source, version),
  );
  const oldDigest = picked ? picked.old : (defaultOld?.digest ?? NO_VERSION);
  const old = comparable.find((version) => version.digest === oldDigest && version !== current);
  // Left the older of the two, whichever select chose it.
  const [left, right] =
    old && current && old.versionIndex > current.versionIndex ? [current, old] : [old ?? null, current];

  const make = useMemo(() => {
    if (!scale || !right) return null;
    const side = (version: Judge) => ({
      digest: version.digest,
      verdicts: verdictsOf(source.outcomes.get(versionKey(version.id, version.digest))),
    });
    const input = {
      ...scale,
      source,
      specId: spec.id,
      old: left ? side(left) : null,
      current: side(right),
    };
    return () => comparisonSteps(input);
  }, [scale, source, spec.id, left, right]);
  const computed = useStepwise(make);
  // The tables render in React's interruptible background render, as on the Insights page.
  const shown = useDeferredValue(computed.value);

  if (!right) return null;
  const question = <UntrustedText text={spec.label} />;
  if (!scale) {
    return (
      <Section title="Agreement with the team">
        <p className="text-sm text-fg">
          &quot;{question}&quot; takes free text, so agreement is not measured: two texts seldom match word for word,
          and no scale says how far apart they are.
        </p>
      </Section>
    );
  }
  const shownVersions = left ? [left, right] : [right];
  const figures = shown && {
    old: left ? shown.old : null,
    current: shown.current,
  };
  const noAnswers = shown !== undefined && shown.answeredCalls === 0;

  return (
    <>
      <Section title="Agreement with the team" note={computed.stale ? "computing…" : undefined}>
        <p className="text-sm text-fg-muted">
          How the judge&apos;s verdicts on &quot;{question}&quot; agree with the team&apos;s answers: the team&apos;s
          answer per call is the most common one (
          {scale.level === "interval" ? "the median for numbers" : "a tie is none"}
          ).
        </p>
        <VersionPicker
          versions={comparable}
          old={old?.digest ?? NO_VERSION}
          current={current?.digest ?? right.digest}
          onChange={setPicked}
        />
        {shownVersions.map((version) => (
          <VersionStatus
            key={version.digest}
            label={versionLabel(version)}
            outcomes={source.outcomes.get(versionKey(version.id, version.digest))}
            isLatest={version === latest}
          />
        ))}
        {!shown ? (
          <p className="text-sm text-fg-muted" aria-live="polite">
            Computing the agreement…
          </p>
        ) : noAnswers ? (
          <p className="text-sm text-fg">
            No one has answered &quot;{question}&quot; on this queue&apos;s calls yet: agreement is measured against the
            team&apos;s answers, so answer some in the review first.
          </p>
        ) : figures ? (
          <div className="space-y-4">
            <MajorityFiguresTable
              caption="Against the team's answer"
              level={scale.level}
              columns={[
                ...(left && figures.old ? [{ label: versionLabel(left), figures: figures.old.vsMajority }] : []),
                { label: versionLabel(right), figures: figures.current.vsMajority },
              ]}
            />
            <div className="grid gap-4 xl:grid-cols-2">
              {[
                ...(left && figures.old ? [{ version: left, agreement: figures.old }] : []),
                { version: right, agreement: figures.current },
              ].map(({ version, agreement }) => (
                <div key={version.digest} className="min-w-0 space-y-3">
                  <h3 className="text-sm font-semibold text-fg">{versionLabel(version)}</h3>
                  <AnnotatorsFiguresTable
                    caption={`${versionLabel(version)} against each annotator`}
                    level={scale.level}
                    rows={agreement.vsAnnotators}
                  />
                  {agreement.confusion && agreement.confusion.labels.length > 0 ? (
                    <ConfusionTable
                      caption={`${versionLabel(version)}: the judge's answers (rows) by the team's (columns)`}
                      confusion={agreement.confusion}
                    />
                  ) : null}
                </div>
              ))}
            </div>
          </div>
        ) : null}
      </Section>
      {shown && !noAnswers ? (
        <DisagreementsSection
          project={project}
          queueId={queueId}
          source={source}
          sides={[
            ...(left && shown.old ? [{ version: left, agreement: shown.old }] : []),
            { version: right, agreement: shown.current },
          ]}
        />
      ) : null}
      {shown && !noAnswers && left && shown.old && right === latest && right.versionIndex > left.versionIndex ? (
        <ImproveSection
          project={project}
          queueId={queueId}
          spec={spec}
          level={scale.level}
          source={source}
          sourceFresh={sourceFresh}
          older={{ version: left, agreement: shown.old }}
          newer={right}
          comparison={shown}
        />
      ) : null}
    </>
  );
}
