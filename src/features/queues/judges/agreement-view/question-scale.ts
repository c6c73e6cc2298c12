import type { QueueSpec } from "@/api/annotation-specs";
import { measureOf } from "../../insights/spec-levels";
import type { AgreementLevel } from "../agreement/agreement-figures";

/** Ratings with more steps than this keep only the steps used as confusion-matrix rows (a 0-100 scale would be 101 rows). */
const MAX_LISTED_STEPS = 11;

/**
 * How a question's answers are compared: its level and its answers in their own order (so the
 * confusion matrix keeps a row for an unused one), or null for free text, which has no level.
 */
export function questionScale(
  spec: Pick<QueueSpec, "fieldSchema">,
): { level: AgreementLevel; options: unknown[] | undefined } | null {
  const measure = measureOf(spec.fieldSchema);
  switch (measure.kind) {
    case "text":
      return null;
    case "yes-no":
      return { level: "nominal", options: [true, false] };
    case "choice":
      return { level: "nominal", options: [...measure.options] };
    case "rating": {
      const steps = measure.max - measure.min + 1;
      const options =
        steps <= MAX_LISTED_STEPS ? Array.from({ length: steps }, (_, index) => measure.min + index) : undefined;
      return { level: "ordinal", options };
    }
    case "number":
      return { level: "interval", options: undefined };
  }
}
