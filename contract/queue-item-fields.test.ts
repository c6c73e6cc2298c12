import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { isAnnotationState, isSortableItemField, isSortDirection } from "./queue-item-fields";
import { AnnotationState, ItemsQueryRequest, SortableItemField, SortDirection } from "./trace";

/** Valid values of every list, and values each check must refuse: near misses, other types, nothing. */
const CANDIDATES: unknown[] = [
  "unstarted",
  "in_progress",
  "completed",
  "skipped",
  "call_started_at",
  "call_op_name",
  "created_at",
  "updated_at",
  "asc",
  "desc",
  "",
  "Completed",
  " completed",
  "completed ",
  "in-progress",
  "ASC",
  "started_at",
  "toString",
  "__proto__",
  "constructor",
  0,
  1,
  true,
  null,
  undefined,
  {},
  [],
  ["asc"],
  new String("asc"),
];

describe("the queue item's plain checks", () => {
  it.each([
    ["isAnnotationState", isAnnotationState, AnnotationState],
    ["isSortableItemField", isSortableItemField, SortableItemField],
    ["isSortDirection", isSortDirection, SortDirection],
  ] as const)("%s accepts exactly what its schema accepts", (_name, check, schema) => {
    expect(CANDIDATES.map(check)).toEqual(CANDIDATES.map((value) => z.safeParse(schema, value).success));
    // Not a check that accepts nothing (or everything).
    expect(CANDIDATES.filter(check).length).toBeGreaterThan(1);
    expect(CANDIDATES.filter((value) => !check(value)).length).toBeGreaterThan(1);
  });

  it("are the lists the request's schema takes: a state filter and a sort key built from them are valid", () => {
    const request = {
      project_id: "team/demo",
      filter: { annotation_states: CANDIDATES.filter(isAnnotationState) },
      sort_by: CANDIDATES.filter(isSortableItemField).map((field) => ({ field, direction: "desc" })),
    };
    expect(z.safeParse(ItemsQueryRequest, request).success).toBe(true);
  });
});
