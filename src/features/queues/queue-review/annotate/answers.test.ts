import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/trace-feedback";
import type { QueueSpec } from "@/api/annotation-specs";
import { answersFor } from "./answers";

const spec = (uniqueAmongCreators: boolean): QueueSpec => ({ ref: "r", id: "tone", label: "Tone", description: "", fieldSchema: {}, uniqueAmongCreators });
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
    const rows = [row("me", 2), row("maria", 4), row("me", 3), row("kenji", 1), row("maria", 5), row("me", "x", "wandb.annotation.other")];
    expect(answersFor(spec(true), rows, "me")).toEqual({ current: { id: rows[2]!.id, value: 3, by: "me" }, others: [{ by: "maria", value: 5 }, { by: "kenji", value: 1 }] });
    expect(answersFor(spec(true), rows, null).current).toBeNull();
  });

  it("shared: the latest answer, whoever gave it, is the one to change", () => {
    const rows = [row("maria", "Resolved"), row("kenji", "Not resolved")];
    expect(answersFor(spec(false), rows, "me")).toEqual({ current: { id: rows[1]!.id, value: "Not resolved", by: "kenji" }, others: [] });
  });
});
