import { useState } from "react";
import { whoSaved } from "@/api/saved-version-check";
import type { SpecObject } from "@/api/spec-objects";
import { Button } from "@/components/button";
import { RelativeTime } from "@/components/relative-time";
import { UntrustedText } from "@/components/untrusted-text";
import { isOptional } from "@/features/queues";
import { describeSchema } from "./spec-schema";
import { VersionComparison, type ComparedField } from "./version-comparison";
import type { SavedSpec } from "./use-save-spec";

const versionList = (specs: readonly SpecObject[], more: number) => {
  const numbers = specs.map((spec) => String(spec.versionIndex + 1));
  const listed = numbers.length === 1 ? numbers[0]! : `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
  return more > 0 ? `${listed} (and ${more} before them)` : listed;
};

const FIELDS: { label: string; of: (spec: SpecObject) => string }[] = [
  { label: "Question", of: (spec) => spec.name },
  { label: "Description", of: (spec) => spec.description },
  { label: "Answer", of: (spec) => describeSchema(spec.fieldSchema) },
  { label: "JSON Schema", of: (spec) => JSON.stringify(spec.fieldSchema, null, 2) },
  { label: "Required", of: (spec) => (isOptional(spec.fieldSchema) ? "Optional" : "Required") },
  { label: "Who answers", of: (spec) => (spec.uniqueAmongCreators ? "Each annotator" : "One answer, shared") },
];

const compared = (theirs: SpecObject, yours: SpecObject): ComparedField[] =>
  FIELDS.map((field) => ({ label: field.label, theirs: field.of(theirs), yours: field.of(yours) }));

/**
 * A save that went through while someone else saved the same spec: both versions are stored, and
 * the person is told plainly which is the latest and what it lacks. What they typed stays in the
 * editor (the next save builds on the version just made); they can compare the two versions, or
 * start from the other one's fields instead.
 */
export function SaveRaceNotice({
  result,
  isNew,
  onUseTheirs,
  onDone,
}: {
  result: SavedSpec;
  isNew: boolean;
  onUseTheirs: (theirs: SpecObject) => void;
  onDone: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const { saved, check } = result;
  if (check.kind === "clean") return null;
  const theirs = check.kind === "overtaken" ? check.between.at(-1)! : check.latest;
  const who = whoSaved(theirs.savedBy, saved.savedBy);
  const when = <RelativeTime value={theirs.createdAt} />;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-fg dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      {check.kind === "overtaken" && isNew ? (
        <p className="font-medium">
          Saved as version {saved.versionIndex + 1} of “<UntrustedText text={saved.objectId} />
          ”. Someone else created a spec with this id a moment before you (version{" "}
          {versionList(check.between, check.more)}, by {who}, {when}): yours is now its latest version and does not
          contain theirs.
        </p>
      ) : check.kind === "overtaken" ? (
        <p className="font-medium">
          Saved as version {saved.versionIndex + 1}. Version {versionList(check.between, check.more)}{" "}
          {check.between.length + check.more === 1 ? "was" : "were"} saved by {who} {when}, a moment before yours and
          after you opened the spec: yours is now the latest and does not contain their changes.
        </p>
      ) : (
        <p className="font-medium">
          Nothing new was saved: what you typed is exactly version {saved.versionIndex + 1}, and the service makes one
          version per distinct value. Version {theirs.versionIndex + 1}, saved by {who} {when}, is still the latest.
        </p>
      )}
      <p className="text-fg-muted">
        What you typed stays here: change it (to bring their changes in, say) and save again to make version{" "}
        {Math.max(saved.versionIndex, theirs.versionIndex) + 2}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" aria-expanded={comparing} onClick={() => setComparing((open) => !open)}>
          {comparing ? "Hide the comparison" : `Compare with version ${theirs.versionIndex + 1}`}
        </Button>
        <Button size="sm" onClick={() => onUseTheirs(theirs)}>
          Edit from version {theirs.versionIndex + 1} instead
        </Button>
        <Button size="sm" variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
      {comparing ? (
        <VersionComparison
          theirsTitle={`Version ${theirs.versionIndex + 1} (theirs)`}
          yoursTitle={`Version ${saved.versionIndex + 1} (yours)`}
          fields={compared(theirs, saved)}
        />
      ) : null}
    </div>
  );
}
