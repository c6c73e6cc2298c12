import { isApiError } from "@/api/errors";
import { placeFieldErrors } from "@/components/form-errors";

/** Where a failed save's messages go: beside the field they name, or (anything else) in a panel. */
export type QueueFormErrors = {
  name: string | null;
  description: string | null;
  questions: string | null;
  other: unknown;
};

const NONE: QueueFormErrors = { name: null, description: null, questions: null, other: null };

const join = (messages: readonly string[]): string | null => (messages.length > 0 ? messages.join(" ") : null);

/**
 * Sorts a save's error into the form's fields. A 422 names fields by `loc` (`scorer_refs.3` is
 * the fourth question, named by `labelAt`); the local service's 400 for a ref that names no spec
 * says `scorer_refs[3]`, so it is shown by the questions too. Whatever names no field of the
 * form (a network failure, a 403, `project_id`) is `other`, for a panel with Retry.
 */
export function queueFormErrors(error: unknown, labelAt: (index: number) => string): QueueFormErrors {
  if (!error) return NONE;
  if (!isApiError(error)) return { ...NONE, other: error };
  const questionText = (text: string) =>
    text.replace(/scorer_refs\[(\d+)\]/g, (_, index: string) => `“${labelAt(Number(index))}”`);
  if (error.kind === "validation") {
    const { fields, unplaced } = placeFieldErrors(error, {
      name: "name",
      description: "description",
      questions: "scorer_refs",
    });
    const questions = (fields.questions ?? []).map((f) => {
      const index = /^scorer_refs\.(\d+)$/.exec(f.path)?.[1];
      return index === undefined ? `Questions: ${f.message}.` : `“${labelAt(Number(index))}” ${f.message}.`;
    });
    return {
      name: join((fields.name ?? []).map((f) => f.message)),
      description: join((fields.description ?? []).map((f) => f.message)),
      questions: join(questions),
      other: unplaced.length > 0 ? error : null,
    };
  }
  if (error.kind === "bad_request" && error.serviceMessage?.includes("scorer_refs[")) {
    return { ...NONE, questions: questionText(error.serviceMessage) };
  }
  return { ...NONE, other: error };
}
