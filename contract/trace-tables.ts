import * as z from "zod/mini";
import { intAtLeast, ProjectId } from "./common";
import { bounded, boundedArray, boundedNonEmpty, LIMITS } from "./limits";
import { SortDirection } from "./trace";

// Tables (datasets' rows) and files of the trace server (W&B Weave), as upstream's
// TableCreateReq, TableUpdateReq, TableQueryReq, TableQueryStatsReq, FileContentReadReq. Semantics:
// server/trace/README.md, "Tables and files". `/file/create` takes multipart form data, not JSON
// (server/trace/files/form.ts reads it).

export const Digest = boundedNonEmpty(LIMITS.digestLength);

/** A row: any JSON object (upstream: `dict[str, Any]`). Its size is bounded by the body's. */
export const TableRow = z.record(z.string(), z.unknown());

export const TableCreateRequest = z.strictObject({
  table: z.strictObject({
    project_id: ProjectId,
    rows: boundedArray(TableRow, LIMITS.tableRows),
    /** Newer clients send the digest they computed; a different one is refused (409). */
    expected_digest: z.nullish(Digest),
  }),
});
export type TableCreateRequest = z.input<typeof TableCreateRequest>;
export const TableCreateResponse = z.object({ digest: z.string(), row_digests: z.array(z.string()) });

/** A table made of rows the project already holds, by their digests (upstream's newer clients). */
export const TableCreateFromDigestsRequest = z.strictObject({
  project_id: ProjectId,
  row_digests: boundedArray(Digest, LIMITS.tableRows),
  expected_digest: z.nullish(Digest),
});
export type TableCreateFromDigestsRequest = z.input<typeof TableCreateFromDigestsRequest>;
export const TableCreateFromDigestsResponse = z.object({ digest: z.string() });

const RowIndex = intAtLeast(0).check(z.lte(LIMITS.tableRows));

/** One step of an update, as upstream nests it: `{append: {row}}`, `{pop: {index}}`, `{insert: {index, row}}`. */
export const TableUpdateSpec = z.union([
  z.strictObject({ append: z.strictObject({ row: TableRow }) }),
  z.strictObject({ pop: z.strictObject({ index: RowIndex }) }),
  z.strictObject({ insert: z.strictObject({ index: RowIndex, row: TableRow }) }),
]);
export type TableUpdateSpec = z.infer<typeof TableUpdateSpec>;

export const TableUpdateRequest = z.strictObject({
  project_id: ProjectId,
  base_digest: Digest,
  updates: boundedArray(TableUpdateSpec, LIMITS.tableRows),
});
export type TableUpdateRequest = z.input<typeof TableUpdateRequest>;
export const TableUpdateResponse = z.object({ digest: z.string(), updated_row_digests: z.array(z.string()) });

/** A dotted path into a row's value (`inputs.question`), upstream's table sort field. */
export const TableSortBy = z.strictObject({ field: bounded(LIMITS.displayFieldLength), direction: SortDirection });

export const TableQueryRequest = z.strictObject({
  project_id: ProjectId,
  digest: Digest,
  filter: z.nullish(z.strictObject({ row_digests: z.nullish(boundedArray(Digest, LIMITS.tableRows)) })),
  limit: z.nullish(intAtLeast(0).check(z.lte(LIMITS.tableRows))),
  offset: z.nullish(intAtLeast(0)),
  sort_by: z.nullish(boundedArray(TableSortBy, LIMITS.sortKeys)),
});
export type TableQueryRequest = z.input<typeof TableQueryRequest>;

export const TableRowSchema = z.object({ digest: z.string(), val: z.unknown(), original_index: z.nullish(z.number()) });
export const TableQueryResponse = z.object({ rows: z.array(TableRowSchema) });

export const TableQueryStatsRequest = z.strictObject({ project_id: ProjectId, digest: Digest });
export const TableQueryStatsResponse = z.object({ count: z.number() });

export const TableQueryStatsBatchRequest = z.strictObject({
  project_id: ProjectId,
  digests: z.nullish(boundedArray(Digest, LIMITS.objectQueryList)),
  include_storage_size: z.nullish(z.boolean()),
});
export const TableQueryStatsBatchResponse = z.object({
  tables: z.array(z.object({ digest: z.string(), count: z.number(), storage_size_bytes: z.nullish(z.number()) })),
});

export const FileContentRequest = z.strictObject({ project_id: ProjectId, digest: Digest });
export const FileCreateResponse = z.object({ digest: z.string() });
