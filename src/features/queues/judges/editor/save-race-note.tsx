import { useState } from "react";
import { Link } from "react-router-dom";
import { whoSaved } from "@/api/saved-version-check";
import { Button } from "@/components/button";
import { RelativeTime } from "@/components/relative-time";
import { UntrustedText } from "@/components/untrusted-text";
import { VersionComparison, type ComparedField } from "@/features/specs";
import type { SavedJudge } from "../api/judges";
import type { Judge } from "../model/judge-value";

const FIELDS: { label: string; of: (judge: Judge) => string }[] = [
  { label: "Name", of: (judge) => judge.name },
  { label: "Description", of: (judge) => judge.description },
  { label: "Question (spec ref)", of: (judge) => judge.specRef },
  { label: "Model", of: (judge) => judge.model },
  { label: "Prompt", of: (judge) => judge.prompt },
];

const compared = (theirs: Judge, yours: Judge): ComparedField[] =>
  FIELDS.map((field) => ({ label: field.label, theirs: field.of(theirs), yours: field.of(yours) }));

const numbers = (judges: readonly Judge[], more: number) => {
  const listed = judges.map((judge) => `v${judge.versionIndex}`).join(", ");
  return more > 0 ? `${listed} (and ${more} before them)` : listed;
};

/**
 * A judge's save that went through while someone else saved the same judge: both versions are
 * stored (the Versions list shows them), and the person is told which is the latest and what it
 * lacks, with the two side by side. Versions are named as the judge pages name them (`v0`, `v1`).
 */
export function JudgeSaveRaceNote({
  result,
  judgeHref,
  onDismiss,
}: {
  result: SavedJudge;
  /** The saved judge's page, when the note is shown where a new judge was made. */
  judgeHref?: string;
  onDismiss: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const { judge, check } = result;
  if (check.kind === "clean") return null;
  const theirs = check.kind === "overtaken" ? check.between.at(-1)! : check.latest;
  const who = whoSaved(result.authors.theirs, result.authors.yours);
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-fg dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <p className="font-medium">
        {check.kind === "overtaken" ? (
          <>
            Saved as <UntrustedText text={judge.name} /> v{judge.versionIndex}. {numbers(check.between, check.more)}{" "}
            {check.between.length + check.more === 1 ? "was" : "were"} saved by {who}{" "}
            <RelativeTime value={theirs.createdAt} />, a moment before yours
            {judgeHref ? " under the same id" : " and after you opened this judge"}: yours is now the latest and does
            not contain their changes.
          </>
        ) : (
          <>
            Nothing new was saved: what you saved is exactly v{judge.versionIndex}, and the service makes one version
            per distinct value. v{theirs.versionIndex}, saved by {who} <RelativeTime value={theirs.createdAt} />, is
            still the latest.
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" aria-expanded={comparing} onClick={() => setComparing((open) => !open)}>
          {comparing ? "Hide the comparison" : `Compare with v${theirs.versionIndex}`}
        </Button>
        {judgeHref ? (
          <Link to={judgeHref} className="text-sm font-medium text-link underline underline-offset-2">
            Open the judge
          </Link>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {comparing ? (
        <VersionComparison
          theirsTitle={`v${theirs.versionIndex} (theirs)`}
          yoursTitle={`v${judge.versionIndex} (yours)`}
          fields={compared(theirs, judge)}
        />
      ) : null}
    </div>
  );
}
