import * as z from "zod/mini";
import { ProjectId, utcTimestamp } from "./common";
import { bounded, boundedArray, boundedNonEmpty, LIMITS, maxChars } from "./limits";

// Writing calls (W&B Weave trace server: `CallStartReq`, `CallEndReq`, `CallCreateBatchReq`,
// `CallUpdateReq`, `CallsDeleteReq`, `ServerInfoRes` in weave/trace_server/trace_server_interface.py).
// Semantics: server/trace/README.md, "Writing calls".
//
// Unlike the other trace requests these objects are not strict: the clients are the weave SDKs, in
// many versions, and upstream's pydantic models ignore keys they do not know (the TypeScript SDK
// sends `display_name` with an end, newer Python SDKs `wb_run_step_end`). A 422 there would make
// the TypeScript SDK retry the batch ten times and then exit the traced program.

const id = bounded(LIMITS.idLength);
const nonEmptyId = boundedNonEmpty(LIMITS.idLength);

/** Bytes of `text` in UTF-8, without encoding it (the contract runs in the browser too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of `value` as stored (its JSON text in UTF-8). */
export function jsonBytes(value: unknown): number {
  return value === undefined ? 0 : utf8Length(JSON.stringify(value) ?? "");
}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MiB`;

/** A JSON value of at most `max` bytes once stored; the 422 names the bound. */
const jsonAtMost = (max: number) =>
  z.refine((value: unknown) => jsonBytes(value) <= max, {
    message: `must be at most ${max} bytes (${mib(max)}) as JSON`,
    abort: true,
  });

const jsonObject = (max: number) => z.record(z.string(), z.unknown()).check(jsonAtMost(max));

const MAX_DATE_MS = 8.64e15;

/**
 * A date and time as pydantic reads one: ISO 8601 (no offset = UTC) or a number of seconds since
 * the epoch (milliseconds above 2e10, as pydantic decides). Becomes epoch milliseconds.
 */
export const CallTime = z.pipe(
  z.union([
    z.string().check(
      maxChars(64),
      z.refine((text) => Number.isFinite(Date.parse(utcTimestamp(text))), "must be an ISO 8601 date and time"),
    ),
    // Within what a JavaScript Date can hold (8.64e15 ms), so every stored time can be sent back.
    z
      .number()
      .check(
        z.refine(
          (n) => Number.isFinite(n) && Math.abs(n) <= MAX_DATE_MS,
          "must be a number of seconds since the epoch, or of milliseconds above 2e10",
        ),
      ),
  ]),
  z.transform((value) =>
    typeof value === "number"
      ? Math.round(Math.abs(value) > 2e10 ? value : value * 1000)
      : Date.parse(utcTimestamp(value)),
  ),
);

/** Upstream's `StartedCallSchemaForInsert`; `id` and `trace_id` are generated when absent, `wb_user_id` comes from the key. */
export const StartedCall = z.object({
  project_id: ProjectId,
  id: z.nullish(nonEmptyId),
  op_name: boundedNonEmpty(LIMITS.refLength),
  display_name: z.nullish(bounded(LIMITS.callDisplayNameLength)),
  trace_id: z.nullish(nonEmptyId),
  parent_id: z.nullish(nonEmptyId),
  thread_id: z.nullish(id),
  turn_id: z.nullish(id),
  started_at: CallTime,
  attributes: jsonObject(LIMITS.callAttributesBytes),
  inputs: jsonObject(LIMITS.callInputsBytes),
  /** Ignored: the server sets it from the key, as upstream. */
  wb_user_id: z.nullish(id),
  wb_run_id: z.nullish(id),
  wb_run_step: z.nullish(z.int().check(z.gte(0))),
});
export type StartedCall = z.output<typeof StartedCall>;

/** Upstream's `EndedCallSchemaForInsert`. */
export const EndedCall = z.object({
  project_id: ProjectId,
  id: nonEmptyId,
  ended_at: CallTime,
  exception: z.nullish(bounded(LIMITS.callExceptionLength)),
  output: z.optional(z.unknown().check(jsonAtMost(LIMITS.callOutputBytes))),
  summary: jsonObject(LIMITS.callSummaryBytes),
});
export type EndedCall = z.output<typeof EndedCall>;

export const CallStartRequest = z.object({ start: StartedCall });
export type CallStartRequest = z.input<typeof CallStartRequest>;
export const CallStartResponse = z.object({ id: z.string(), trace_id: z.string() });
export type CallStartResponse = z.infer<typeof CallStartResponse>;

export const CallEndRequest = z.object({ end: EndedCall });
export type CallEndRequest = z.input<typeof CallEndRequest>;

/** One start or end of a batch (upstream's `CallBatchStartMode` / `CallBatchEndMode`). */
export const CallBatchItem = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("start"), req: CallStartRequest }),
  z.object({ mode: z.literal("end"), req: CallEndRequest }),
]);
export type CallBatchItem = z.output<typeof CallBatchItem>;

/** `POST /call/upsert_batch`: what the SDKs send, starts and ends in the order they happened. */
export const CallUpsertBatchRequest = z.object({ batch: boundedArray(CallBatchItem, LIMITS.callsPerBatch) });
export type CallUpsertBatchRequest = z.input<typeof CallUpsertBatchRequest>;
/** One answer per item, in order: `{id, trace_id}` for a start, `{}` for an end. */
export const CallUpsertBatchResponse = z.object({ res: z.array(z.union([CallStartResponse, z.object({})])) });

/** `POST /call/update`: the display name is the one field upstream lets a client change. */
export const CallUpdateRequest = z.object({
  project_id: ProjectId,
  call_id: nonEmptyId,
  display_name: z.nullish(bounded(LIMITS.callDisplayNameLength)),
  wb_user_id: z.nullish(id),
});
export type CallUpdateRequest = z.input<typeof CallUpdateRequest>;

/** `POST /calls/delete`: the calls and all their descendants. */
export const CallsDeleteRequest = z.object({
  project_id: ProjectId,
  call_ids: boundedArray(nonEmptyId, LIMITS.callsPerDelete),
  wb_user_id: z.nullish(id),
});
export type CallsDeleteRequest = z.input<typeof CallsDeleteRequest>;
/** Empty, as upstream's `CallsDeleteRes`. */
export const CallsDeleteResponse = z.object({});

/** `GET /server_info`: the Python SDK checks both versions before it traces. */
export const ServerInfoResponse = z.object({
  min_required_weave_python_version: z.string(),
  trace_server_version: z.nullish(z.string()),
});
export type ServerInfoResponse = z.infer<typeof ServerInfoResponse>;
