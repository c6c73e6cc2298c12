import { useState } from "react";
import type { QueueSpec } from "@/api/annotation-specs";
import { OPTIONAL_KEYWORD, SpecField, type SpecAnswers } from "@/features/queues";

const NO_ANSWERS: SpecAnswers = { current: null, others: [] };

/**
 * The question as an annotator will see it in the review: the review's own SpecField over the
 * schema being edited, so the preview cannot drift from the real thing. It can be answered to try
 * it; nothing is sent.
 */
export function SpecPreview({
  name,
  objectId,
  description,
  schema,
  uniqueAmongCreators,
  why,
}: {
  name: string;
  objectId: string;
  description: string;
  schema: Record<string, unknown> | null;
  uniqueAmongCreators: boolean;
  /** Why there is no schema to show yet. */
  why: string | null;
}) {
  const [tried, setTried] = useState<{ schemaText: string; value: unknown }>({ schemaText: "", value: undefined });
  if (!schema)
    return (
      <p className="rounded-lg border border-dashed border-line-strong px-3 py-6 text-center text-sm text-fg-muted">
        The preview shows once the answer is complete: {why}
      </p>
    );
  const spec: QueueSpec = {
    ref: "",
    id: objectId || "preview",
    label: name.trim() || "Untitled question",
    description: description.trim(),
    fieldSchema: schema,
    uniqueAmongCreators,
  };
  // A tried answer belongs to the question it was given for; a changed question starts unanswered
  // (switching required/optional changes no answer, so the mark is left out of the comparison).
  const schemaText = JSON.stringify({ ...schema, [OPTIONAL_KEYWORD]: undefined });
  const answers: SpecAnswers =
    tried.schemaText === schemaText
      ? { current: { id: "preview", value: tried.value, by: "you (preview)" }, others: [] }
      : NO_ANSWERS;
  return (
    <div className="space-y-2">
      <SpecField
        spec={spec}
        answers={answers}
        pending={undefined}
        active={false}
        onAnswer={(value) => setTried({ schemaText, value })}
        onActivate={() => {}}
      />
      <p className="text-xs text-fg-muted">
        {uniqueAmongCreators
          ? "Each annotator gives their own answer."
          : "The item has one answer, which any annotator can change."}{" "}
        Answers given here are not saved.
      </p>
    </div>
  );
}
