import { useId } from "react";
import { Checkbox } from "@/components/checkbox";
import { ErrorPanel } from "@/components/error-panel";
import { TextField } from "@/components/text-field";
import { TEAM_SETTINGS_BOUNDS } from "../team/team-settings";
import type { TeamDraft, TeamProblems } from "./team-draft";

/**
 * The queue's team settings in its form: claim timeout, answers per item, blind review. Until the
 * stored settings are read (edit) it says so instead of showing the defaults as if they were stored.
 */
export function TeamFieldset({
  draft,
  readError,
  onRetryRead,
  problems,
  onChange,
  disabled,
}: {
  /** Null while the stored settings are read, or when they could not be. */
  draft: TeamDraft | null;
  readError: unknown;
  onRetryRead: () => void;
  problems: TeamProblems;
  onChange: (patch: Partial<TeamDraft>) => void;
  disabled: boolean;
}) {
  const blindHintId = useId();
  return (
    <fieldset className="space-y-3 rounded-lg border border-line px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-semibold text-fg">Team</legend>
      {draft === null ? (
        readError ? (
          <ErrorPanel
            error={readError}
            title="Could not read the queue's team settings (saving leaves them as they are)"
            onRetry={onRetryRead}
          />
        ) : (
          <p className="text-xs text-fg-muted">Reading the queue's team settings…</p>
        )
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Claim timeout (minutes)"
              name="claim-timeout-minutes"
              hint="An item someone opened and left is offered to others again after this long."
              type="number"
              inputMode="numeric"
              min={TEAM_SETTINGS_BOUNDS.claimTimeoutMinutes.min}
              max={TEAM_SETTINGS_BOUNDS.claimTimeoutMinutes.max}
              step={1}
              value={draft.claimTimeoutMinutes}
              onChange={(event) => onChange({ claimTimeoutMinutes: event.target.value })}
              error={problems.claimTimeoutMinutes}
              disabled={disabled}
            />
            <TextField
              label="Answers per item"
              name="answers-per-item"
              hint="How many annotators answer each item before it counts as done."
              type="number"
              inputMode="numeric"
              min={TEAM_SETTINGS_BOUNDS.answersPerItem.min}
              max={TEAM_SETTINGS_BOUNDS.answersPerItem.max}
              step={1}
              value={draft.answersPerItem}
              onChange={(event) => onChange({ answersPerItem: event.target.value })}
              error={problems.answersPerItem}
              disabled={disabled}
            />
          </div>
          {/* The hint sits outside the label: the checkbox is named "Blind review" alone, and described by the hint. */}
          <div>
            <label className="flex items-center gap-2 text-sm font-medium text-fg">
              <Checkbox
                name="blind-review"
                checked={draft.blindReview}
                onCheckedChange={(blindReview) => onChange({ blindReview })}
                aria-describedby={blindHintId}
                disabled={disabled}
              />
              Blind review
            </label>
            <p id={blindHintId} className="ml-6 text-xs text-fg-muted">
              Annotators see others' answers on an item only once they have given their own.
            </p>
          </div>
        </>
      )}
    </fieldset>
  );
}
