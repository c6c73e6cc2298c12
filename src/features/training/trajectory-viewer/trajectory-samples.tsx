import { useState } from "react";
import type { TrajectoryGroup } from "@contract/training";
import { UntrustedProse, UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { countOf, formatCount } from "@/lib/number-format";
import { formatMetric } from "../metric-format";
import { foldText, sampleTrajectory, type SampleMessage } from "./sample-text";

const LABEL_CHARS = 120;

/**
 * A few groups' trajectories as a person reads them: each message's role and text, the answer
 * marked, the reward. Bounded whatever the data: `maxGroups` groups, `maxPerGroup` trajectories of
 * each, a long trajectory's middle messages counted rather than shown, long texts folded (see
 * sample-text.ts). Everything is text: nothing from the data is rendered as HTML.
 */
export function TrajectorySamples({
  groups,
  groupNumbers,
  labels,
  maxGroups = 3,
  maxPerGroup = 3,
  headingLevel = 3,
}: {
  groups: readonly TrajectoryGroup[];
  /** Each group's number as people see it elsewhere (a file's group 4 stays 4); by default its position from 1. */
  groupNumbers?: readonly number[];
  /** What each group gathers (its prompt, its trace), shown beside its number. */
  labels?: readonly string[];
  maxGroups?: number;
  maxPerGroup?: number;
  headingLevel?: 3 | 4;
}) {
  const shown = groups.slice(0, maxGroups);
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="space-y-2">
      <p className="text-xs text-fg-muted">
        {groups.length === 1
          ? `The only group, up to ${maxPerGroup} of its trajectories`
          : `${groups.length > maxGroups ? `The first ${maxGroups} of ${formatCount(groups.length)} groups` : `All ${groups.length} groups`}, up to ${maxPerGroup} trajectories of each`}
        ; long texts are folded.
      </p>
      <ol className="space-y-3">
        {shown.map((group, index) => {
          const number = groupNumbers?.[index] ?? index + 1;
          const label = labels?.[index];
          const more = group.trajectories.length - maxPerGroup;
          return (
            <li key={index} className="min-w-0 rounded-lg border border-line p-3">
              <Heading className="text-sm font-semibold break-words text-fg">
                Group {number}
                {label ? (
                  <>
                    {": "}
                    <UntrustedText
                      text={label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label}
                      className="font-normal"
                    />
                  </>
                ) : null}
              </Heading>
              <ol className="mt-2 space-y-2">
                {group.trajectories.slice(0, maxPerGroup).map((trajectory, t) => (
                  <TrajectorySample key={t} number={t + 1} sample={sampleTrajectory(trajectory)} />
                ))}
              </ol>
              {more > 0 ? (
                <p className="mt-1 text-xs text-fg-muted">
                  …and {countOf(more, "more trajectory", "more trajectories")} in this group.
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function TrajectorySample({ number, sample }: { number: number; sample: ReturnType<typeof sampleTrajectory> }) {
  return (
    <li className="min-w-0 rounded-md border border-line bg-surface p-2">
      <p className="text-xs font-medium text-fg">
        Trajectory {number} · reward <span className="tabular-nums">{formatMetric(sample.reward)}</span>
      </p>
      <ol className="mt-1 space-y-1.5">
        {sample.shown.map((message, index) => (
          <MessageRow
            key={index}
            message={message}
            hiddenBefore={index === sample.hiddenAt ? sample.hiddenBefore : 0}
          />
        ))}
      </ol>
    </li>
  );
}

function MessageRow({ message, hiddenBefore }: { message: SampleMessage; hiddenBefore: number }) {
  return (
    <>
      {hiddenBefore > 0 ? (
        <li className="text-xs text-fg-muted italic">…{countOf(hiddenBefore, "message")} not shown…</li>
      ) : null}
      <li className={cn("min-w-0 border-l-2 pl-2", message.answer ? "border-accent" : "border-line")}>
        <span className="font-mono text-xs text-fg-muted">
          <UntrustedText text={message.role} />
          {message.answer ? " · answer" : ""}
        </span>
        <FoldedText text={message.text} />
      </li>
    </>
  );
}

function FoldedText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const folded = foldText(text);
  const prose = "text-sm whitespace-pre-wrap break-words text-fg";
  if (folded.rest === null) return <UntrustedProse as="div" text={folded.head} className={prose} />;
  return (
    <div>
      <UntrustedProse as="div" text={open ? folded.head + folded.rest : `${folded.head}…`} className={prose} />
      {open && folded.notShown > 0 ? (
        <p className="text-xs text-fg-muted">…{countOf(folded.notShown, "more character")} not shown.</p>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="text-xs text-link underline underline-offset-2"
      >
        {open ? "Fold" : `Show all ${formatCount(text.length)} characters`}
      </button>
    </div>
  );
}
