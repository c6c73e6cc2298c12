/**
 * The plain values of an annotation queue item's query (its states, the fields it sorts by, the
 * sort directions) with checks of them, free of zod: boot.ts builds the items table's first request
 * from the address before the contract's schemas have loaded (app/first-page-request.ts), and must
 * not carry them. contract/trace.ts makes its schemas from these very lists, so the two cannot
 * drift; queue-item-fields.test.ts checks each check against its schema.
 */

export const ANNOTATION_STATES = ["unstarted", "in_progress", "completed", "skipped"] as const;
export type AnnotationStateValue = (typeof ANNOTATION_STATES)[number];

export const SORTABLE_ITEM_FIELDS = ["call_started_at", "call_op_name", "created_at", "updated_at"] as const;
export type SortableItemFieldValue = (typeof SORTABLE_ITEM_FIELDS)[number];

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirectionValue = (typeof SORT_DIRECTIONS)[number];

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === "string" && (values as readonly string[]).includes(value);

/** As `AnnotationState.safeParse(value).success`. */
export const isAnnotationState = oneOf(ANNOTATION_STATES);

/** As `SortableItemField.safeParse(value).success`. */
export const isSortableItemField = oneOf(SORTABLE_ITEM_FIELDS);

/** As `SortDirection.safeParse(value).success`. */
export const isSortDirection = oneOf(SORT_DIRECTIONS);
