import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANNOTATION_STATES } from "../../contract/trace";
import { itemsAnswerJson } from "./item-json";
import { toApiItem, type ItemRow } from "./rows";

// The items answer is written as text from the rows; it must be byte for byte what serialising the
// API objects gives, for any text a user or a model can put in the columns.

const ms = fc.integer({ min: 0, max: 8_640_000_000_000 });
const text = fc.string({ unit: "binary", maxLength: 40 });
const rowArb: fc.Arbitrary<ItemRow> = fc.record({
  seq: fc.nat(),
  id: text,
  queue_seq: fc.nat(),
  project_id: text,
  call_id: text,
  call_started_at: ms,
  call_ended_at: fc.option(ms),
  call_op_name: text,
  call_trace_id: text,
  display_fields: fc.array(text, { maxLength: 4 }).map((fields) => JSON.stringify(fields)),
  added_by: fc.option(text),
  annotation_state: fc.constantFrom(...ANNOTATION_STATES),
  annotator_user_id: fc.option(text),
  created_at: ms,
  created_by: text,
  updated_at: ms,
  deleted_at: fc.option(ms),
});

describe("itemsAnswerJson", () => {
  it("writes the same text as JSON.stringify of the API items", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(rowArb, fc.option(fc.integer({ min: 1, max: 2_000_000 }))), { maxLength: 6 }),
        text,
        (entries, queueId) => {
          const page = { rows: entries.map(([row]) => row), positions: entries.map(([, position]) => position) };
          const expected = JSON.stringify({
            items: entries.map(([row, position]) => toApiItem(row, queueId, position)),
          });
          expect(itemsAnswerJson(page, queueId)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("escapes quotes, backslashes, control characters and lone surrogates in user text", () => {
    const row: ItemRow = {
      seq: 1,
      id: "item",
      queue_seq: 1,
      project_id: "p",
      call_id: "c",
      call_started_at: 0,
      call_ended_at: null,
      call_op_name: 'op "quoted" \\ </script>\n\u0000\ud800',
      call_trace_id: "t",
      display_fields: JSON.stringify(['inputs."x"']),
      added_by: null,
      annotation_state: "unstarted",
      annotator_user_id: null,
      created_at: 1,
      created_by: "u",
      updated_at: 2,
      deleted_at: null,
    };
    const [item] = (JSON.parse(itemsAnswerJson({ rows: [row], positions: [null] }, "q")) as { items: unknown[] }).items;
    expect(item).toEqual(toApiItem(row, "q"));
  });

  it("answers an empty page as an empty list", () => {
    expect(itemsAnswerJson({ rows: [], positions: [] }, "q")).toBe('{"items":[]}');
  });
});
