import type { QueueSpec } from "@/api/annotation-specs";
import { isOptional, specKind } from "../queue-review/annotate/spec-kind";
import type { TeamSettings } from "./team-settings";

/**
 * Whether an annotator sees others' answers on an item: always, unless the queue asks for blind
 * review; then only once they have answered each required question they can answer here
 * (optional ones, spec-kind.ts, and ones the review cannot show never hold it up).
 */
export function othersHidden(
  settings: TeamSettings,
  specs: readonly Pick<QueueSpec, "id" | "fieldSchema">[],
  answeredByMe: (specId: string) => boolean,
): boolean {
  if (!settings.blindReview) return false;
  return specs.some(
    (spec) =>
      !isOptional(spec.fieldSchema) && specKind(spec.fieldSchema).kind !== "unsupported" && !answeredByMe(spec.id),
  );
}
