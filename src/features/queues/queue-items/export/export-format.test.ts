import { describe, expect, it } from "vitest";
import type { AnnotationQueueItem } from "@contract/trace";
import type { QueueSpec } from "@/api/annotation-specs";
import {
  answerCell,
  CSV_COLUMNS,
  csvCell,
  csvHeader,
  csvRow,
  exportFileName,
  jsonLine,
  type ExportAnswers,
} from "./export-format";

const item: AnnotationQueueItem = {
  id: "item-1",
  project_id: "demo/support-bot",
  queue_id: "q-1",
  call_id: "call-1",
  call_started_at: "2026-11-20T10:00:00.000Z",
  call_ended_at: null,
  call_op_name: "weave:///demo/support-bot/op/answer:abc",
  call_trace_id: "trace-1",
  display_fields: ["inputs.question", "output.answer"],
  added_by: "user-demo",
  annotation_state: "completed",
  annotator_user_id: "user-maria",
  created_at: "2026-11-20T10:00:01.000Z",
  created_by: "user-demo",
  updated_at: "2026-11-20T10:00:02.000Z",
  deleted_at: null,
  position_in_queue: 47,
};

/** One standing answer by user-maria. */
const given = (value: unknown) => [{ id: "f", by: "user-maria", value, at: "t" }];

const spec = (id: string): QueueSpec => ({
  ref: `r-${id}`,
  id,
  label: id,
  description: "",
  fieldSchema: {},
  uniqueAmongCreators: true,
});

describe("CSV export format", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "keeps %j from running as a formula",
    (text) => {
      const cell = csvCell(text);
      expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("writes a header and one line per item in the header's order", () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(",")}\r\n`);
    const cells = csvRow(item).trimEnd().split(",");
    expect(cells).toHaveLength(CSV_COLUMNS.length);
    expect(cells[CSV_COLUMNS.indexOf("position_in_queue")]).toBe("47");
    expect(cells[CSV_COLUMNS.indexOf("call_ended_at")]).toBe("");
    expect(cells[CSV_COLUMNS.indexOf("display_fields")]).toBe("inputs.question output.answer");
  });

  it("writes JSON Lines as the service sent each item", () => {
    const line = jsonLine(item);
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual(item);
  });

  it("adds a column per question with the answers that stand on the item's call, by annotator", () => {
    const answers: ExportAnswers = {
      specs: [spec("tone"), spec("comment")],
      byCall: new Map([
        [
          "call-1",
          {
            tone: [
              { id: "f1", by: "user-demo", value: 4, at: "t1" },
              { id: "f2", by: "user-maria", value: 2, at: "t2" },
            ],
            comment: [],
          },
        ],
      ]),
    };
    expect(csvHeader(answers.specs)).toBe(`${[...CSV_COLUMNS, "answer.tone", "answer.comment"].join(",")}\r\n`);
    // Readable in a spreadsheet: each annotator's answer by name (JSON Lines below keeps the structure).
    expect(csvRow(item, answers).endsWith(`,user-demo: 4; user-maria: 2,\r\n`)).toBe(true);
    expect(JSON.parse(jsonLine(item, answers))).toEqual({
      ...item,
      answers: {
        tone: [
          { annotator: "user-demo", value: 4, created_at: "t1" },
          { annotator: "user-maria", value: 2, created_at: "t2" },
        ],
        comment: [],
      },
    });
    // An item whose call has no answers yet: empty cells, empty lists.
    const other = { ...item, call_id: "call-2" };
    expect(csvRow(other, answers).endsWith(",,\r\n")).toBe(true);
    expect(JSON.parse(jsonLine(other, answers)).answers).toEqual({ tone: [], comment: [] });
  });

  it("writes a question answered once per call as the value alone: numbers as numbers, yes/no as Yes/No", () => {
    const shared = { ...spec("resolution"), uniqueAmongCreators: false };
    expect(answerCell(shared, given(4))).toBe(4);
    expect(answerCell(shared, given(true))).toBe("Yes");
    expect(answerCell(shared, given("Resolved"))).toBe("Resolved");
    expect(answerCell(shared, given(["a", "b"]))).toBe('["a","b"]');
    expect(answerCell(shared, [])).toBeNull();
    expect(answerCell(spec("tone"), given(5))).toBe("user-maria: 5");
    // Text that a spreadsheet would run stays text.
    expect(csvCell(answerCell(shared, given("=HYPERLINK(1)")))).toBe("'=HYPERLINK(1)");
  });

  it("writes the call's notes: a notes column in CSV, one note a line; a notes list in JSON Lines", () => {
    const notes = new Map([
      [
        "call-1",
        [
          { by: "user-demo", at: "2026-11-20T10:00:00Z", text: 'Too long, "sorry"' },
          { by: "user-maria", at: "2026-11-21T09:00:00Z", text: "Agreed" },
        ],
      ],
    ]);
    const answers: ExportAnswers = { specs: [spec("tone")], byCall: new Map(), notes };
    expect(csvHeader(answers.specs, true)).toBe(`${[...CSV_COLUMNS, "answer.tone", "notes"].join(",")}\r\n`);
    expect(
      csvRow(item, answers).endsWith(
        `,,"user-demo (2026-11-20T10:00:00Z): Too long, ""sorry""\nuser-maria (2026-11-21T09:00:00Z): Agreed"\r\n`,
      ),
    ).toBe(true);
    expect(JSON.parse(jsonLine(item, answers)).notes).toEqual([
      { author: "user-demo", created_at: "2026-11-20T10:00:00Z", text: 'Too long, "sorry"' },
      { author: "user-maria", created_at: "2026-11-21T09:00:00Z", text: "Agreed" },
    ]);
    const other = { ...item, call_id: "call-2" };
    expect(csvRow(other, answers).endsWith(",,\r\n")).toBe(true);
    expect(JSON.parse(jsonLine(other, { specs: [], byCall: new Map(), notes }))).toEqual({ ...other, notes: [] });
  });

  it("names the file after the queue and the day", () => {
    expect(exportFileName("Refund conversations – tone review", "csv", new Date("2026-11-20T12:00:00Z"))).toBe(
      "refund-conversations-tone-review-items-2026-11-20.csv",
    );
    expect(exportFileName("///", "jsonl", new Date("2026-11-20T12:00:00Z"))).toBe("queue-items-2026-11-20.jsonl");
  });
});
