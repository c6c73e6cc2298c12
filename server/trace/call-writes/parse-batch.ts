import * as z from "zod/mini";
import { CallBatchItem } from "../../../contract/trace-call-writes";
import { boundedArray, LIMITS } from "../../../contract/limits";
import { RequestValidationError } from "../../http/errors";
import { MAX_VALIDATION_DETAIL, toValidationDetail } from "../../http/validation-error";
import { setImmediate as nextTurn } from "node:timers/promises";
import { BATCH_STEP } from "./steps";

const Envelope = z.object({ batch: boundedArray(z.unknown(), LIMITS.callsPerBatch) });
const REPORT_INPUT: z.core.ParseContext<z.core.$ZodIssue> = { reportInput: true };

/**
 * An upsert batch checked as `CallUpsertBatchRequest` checks it (the same 422 entries at the same
 * `loc`, at most MAX_VALIDATION_DETAIL), one item at a time and BATCH_STEP items per turn of the
 * event loop: a batch of 70,000 items takes seconds to check in one stretch (validateJson), and
 * every other request, /health among them, would wait for it. Each item is small and its schema has
 * no list, so an item's own issues are few.
 */
export async function parseCallBatch(body: unknown): Promise<CallBatchItem[]> {
  const envelope = z.safeParse(Envelope, body, REPORT_INPUT);
  if (!envelope.success) throw new RequestValidationError(toValidationDetail(envelope.error.issues, "body"));
  const issues: z.core.$ZodIssue[] = [];
  const items: CallBatchItem[] = [];
  for (const [index, item] of envelope.data.batch.entries()) {
    if (index > 0 && index % BATCH_STEP === 0) await nextTurn();
    const parsed = z.safeParse(CallBatchItem, item, REPORT_INPUT);
    if (parsed.success) items.push(parsed.data);
    else for (const issue of parsed.error.issues) issues.push({ ...issue, path: ["batch", index, ...issue.path] });
    if (issues.length >= MAX_VALIDATION_DETAIL) break;
  }
  if (issues.length > 0) throw new RequestValidationError(toValidationDetail(issues, "body"));
  return items;
}
