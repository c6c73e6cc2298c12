import { useState } from "react";
import type { AnnotationQueue } from "@contract/trace";
import { ErrorPanel } from "@/components/error-panel";
import { Section } from "@/components/section";
import { UntrustedText } from "@/components/untrusted-text";
import { useShortcuts } from "../../shared/keyboard";
import { answersFor } from "./answers";
import { keyedValues, specKind } from "./spec-kind";
import { NotesThread } from "./notes-thread";
import { SpecField } from "./spec-field";
import { useAnnotations } from "./use-annotations";

const NUMBER_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/**
 * The queue's questions about this call, beside it: one control per human-annotation spec, the
 * queue's guidelines above them. The number keys answer the highlighted question and move on to
 * the next, so a reviewer can answer a whole item without leaving the keyboard.
 */
export function AnnotationPanel({ project, queue, callId, me }: { project: string; queue: AnnotationQueue; callId: string; me: string | null }) {
  const refs = queue.scorer_refs ?? [];
  const { specs, feedback, pending, answer } = useAnnotations(project, refs, callId, me);
  const list = specs.data?.specs ?? [];
  const [activeIndex, setActiveIndex] = useState(0);
  const active = list[Math.min(activeIndex, list.length - 1)];
  const rows = feedback.data ?? [];

  useShortcuts(
    Object.fromEntries(
      NUMBER_KEYS.map((key, index) => [
        key,
        () => {
          if (!active) return;
          const value = keyedValues(specKind(active.fieldSchema))[index];
          if (value === undefined) return;
          answer(active, value);
          setActiveIndex((current) => Math.min(current + 1, list.length - 1));
        },
      ]),
    ),
    list.length > 0,
  );

  return (
    <Section title="Annotate" className="rounded-lg border border-line bg-subtle/40 p-3">
      {queue.description ? (
        <div className="text-xs text-fg-muted">
          <span className="font-medium text-fg">Guidelines: </span>
          <UntrustedText text={queue.description} />
        </div>
      ) : null}
      {specs.isError ? <ErrorPanel error={specs.error} title="Could not read this queue's questions" onRetry={() => void specs.refetch()} /> : null}
      {feedback.isError ? <ErrorPanel error={feedback.error} title="Could not read the answers given so far" onRetry={() => void feedback.refetch()} /> : null}
      {specs.isPending && refs.length > 0 ? <p className="text-xs text-fg-muted">Loading the questions…</p> : null}
      {specs.data?.missing.map((missing) => (
        <p key={missing.ref} className="text-xs text-amber-800 dark:text-amber-300">
          A question of this queue could not be read (<UntrustedText text={missing.ref} />
          ): {missing.reason}
        </p>
      ))}
      {list.map((spec, index) => (
        <SpecField
          key={spec.ref}
          spec={spec}
          answers={answersFor(spec, rows, me)}
          pending={pending[spec.id]}
          active={spec === active}
          onAnswer={(value) => answer(spec, value)}
          onActivate={() => setActiveIndex(index)}
        />
      ))}
      <NotesThread project={project} callId={callId} rows={rows} me={me} />
    </Section>
  );
}
