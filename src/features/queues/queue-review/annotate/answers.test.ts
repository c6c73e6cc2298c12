import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import { answersFor, unansweredSpecs } from "./answers";

const spec = (
  uniqueAmongCreators: boolean,
  id = "tone",
  fieldSchema: Record<string, unknown> = { type: "integer", minimum: 1, maximum: 5 },
): QueueSpec => ({
  ref: "r",
  id,
  label: id,
  description: "",
  fieldSchema,
  uniqueAmongCreators,
});
let n = 0;
const row = (by: string, value: unknown, type = "wandb.annotation.tone"): Feedback => ({
  id: `f${++n}`,
  project_id: "demo/p",
  weave_ref: "weave:///demo/p/call/c",
  wb_user_id: by,
  created_at: `2026-11-0${n}T00:00:00.000Z`,
  feedback_type: type,
  payload: { value },
});

describe("answers to a spec", () => {
  it("per annotator: my latest is mine to change, the others' latest are shown", () => {
    const rows = [
      row("me", 2),
      row("maria", 4),
      row("me", 3),
      row("kenji", 1),
      row("maria", 5),
      row("me", "x", "wandb.annotation.other"),
    ];
    expect(answersFor(spec(true), rows, "me")).toEqual({
      current: { id: rows[2]!.id, value: 3, by: "me" },
      others: [
        { by: "maria", value: 5 },
        { by: "kenji", value: 1 },
      ],
    });
    expect(answersFor(spec(true), rows, null).current).toBeNull();
  });

  it("shared: the latest answer, whoever gave it, is the one to change", () => {
    const rows = [row("maria", "Resolved"), row("kenji", "Not resolved")];
    expect(answersFor(spec(false), rows, "me")).toEqual({
      current: { id: rows[1]!.id, value: "Not resolved", by: "kenji" },
      others: [],
    });
  });
});

describe("unanswered questions", () => {
  const tone = spec(true);
  const resolution = spec(false, "resolution", { enum: ["Resolved", "Not resolved"] });
  const comment = spec(false, "comment", { type: "string" });
  const odd = spec(false, "odd", { type: "object" });
  const all = [tone, resolution, comment, odd];

  it("a per-annotator question needs my answer, a shared one anyone's; one that cannot be answered here is left out", () => {
    const rows = [row("maria", 4), row("kenji", "Resolved", "wandb.annotation.resolution")];
    expect(unansweredSpecs(all, rows, {}, "me").map((s) => s.id)).toEqual(["tone", "comment"]);
    expect(unansweredSpecs(all, [...rows, row("me", 2)], {}, "me").map((s) => s.id)).toEqual(["comment"]);
  });

  it("an answer on its way counts; a refused one does not", () => {
    const pending = {
      tone: { value: 3, status: "saving" as const },
      comment: { value: "x", status: "refused" as const, reason: "busy" },
    };
    expect(unansweredSpecs(all, [], pending, "me").map((s) => s.id)).toEqual(["resolution", "comment"]);
  });
});
