import { describe, expect, it } from "vitest";
import { TrajectoryGroup } from "@contract/training";
import { readTrajectoryFile } from "@/features/training";
import {
  buildSelection,
  buildSelectionNow,
  type SelectionInput,
  type SourceCall,
  type SourceItem,
} from "./build-groups";
import { CHAT_PATHS } from "./conversation";
import { groupsJsonl, sftJsonl } from "./downloads";
import { groupMembers } from "./grouping";
import type { AnswersOnCall } from "./reward-mapping";

const SPEC = { id: "tone", ref: "weave:///e/p/object/tone:d", label: "Tone" };
const chat = (id: string, question: string, answer: string, trace = `trace-${id}`): SourceCall => ({
  id,
  op_name: "weave:///e/p/op/chat:abc",
  trace_id: trace,
  inputs: { messages: [{ role: "user", content: question }] },
  output: { choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }] },
});
const item = (n: number, state: SourceItem["annotation_state"] = "completed"): SourceItem => ({
  id: `item-${n}`,
  call_id: `call-${n}`,
  annotation_state: state,
});
const given = (by: string, value: unknown) => ({
  id: `${by}-${String(value)}`,
  by,
  value,
  at: "2026-11-20T10:00:00.000Z",
});

function input(
  overrides: Partial<SelectionInput> & Pick<SelectionInput, "items" | "calls" | "answers">,
): SelectionInput {
  return {
    queue: { id: "q1", name: "Queue" },
    spec: SPEC,
    mapping: { kind: "rating", min: 1, max: 5, scale: "raw" },
    annotators: { kind: "mean" },
    states: ["completed"],
    pathsFor: () => CHAT_PATHS,
    grouping: { by: "input", size: 4, singletons: "drop" },
    ...overrides,
  };
}

describe("grouping", () => {
  const members = ["a", "b", "a", "c", "a", "b"].map((key, i) => ({ value: i, key, label: key.toUpperCase() }));

  it("groups by key in the order groups first appear, dropping groups of one", () => {
    expect(groupMembers(members, { by: "input", size: 4, singletons: "drop" })).toEqual({
      groups: [
        { label: "A", members: [0, 2, 4] },
        { label: "B", members: [1, 5] },
      ],
      singletonsDropped: 1,
    });
    expect(groupMembers(members, { by: "trace", size: 4, singletons: "keep" }).groups.map((g) => g.label)).toEqual([
      "A",
      "B",
      "C",
    ]);
  });

  it("makes fixed-size groups in order, the remainder last, its size bounded", () => {
    expect(groupMembers(members, { by: "fixed", size: 4, singletons: "keep" }).groups).toEqual([
      { label: "Items 1–4", members: [0, 1, 2, 3] },
      { label: "Items 5–6", members: [4, 5] },
    ]);
    expect(groupMembers(members.slice(0, 5), { by: "fixed", size: 2, singletons: "drop" })).toMatchObject({
      singletonsDropped: 1,
      groups: [{ members: [0, 1] }, { members: [2, 3] }],
    });
    // A size below two would make every group a singleton: it is raised to two.
    expect(groupMembers(members, { by: "fixed", size: 1, singletons: "keep" }).groups).toHaveLength(3);
  });
});

describe("a queue's selection", () => {
  const calls = new Map([
    ["call-1", chat("call-1", "Where is my refund?", "Soon.", "t1")],
    ["call-2", chat("call-2", "Where is my refund?", "I don't know.", "t1")],
    ["call-3", chat("call-3", "Can I return shoes?", "Yes.", "t2")],
    ["call-4", { ...chat("call-4", "Broken", ""), output: null }],
    ["call-5", { ...chat("call-5", "No messages", "x"), inputs: { prompt: "hi" } }],
    ["call-6", chat("call-6", "Where is my refund?", "Tomorrow.", "t3")],
    ["call-8", chat("call-8", "Unreadable", "x")],
  ]);
  const answers = new Map<string, AnswersOnCall>([
    ["call-1", { tone: [given("ana", 5), given("ben", 4)] }],
    ["call-2", { tone: [given("ana", 1)] }],
    ["call-3", { tone: [given("ana", 3)] }],
    ["call-4", { tone: [given("ana", 3)] }],
    ["call-5", { tone: [given("ana", 3)] }],
    ["call-6", { tone: [given("ben", 2)] }],
    ["call-8", { tone: [given("ana", "great")] }],
  ]);
  const items = [
    item(1),
    item(2),
    item(3),
    item(4),
    item(5),
    item(6),
    item(7),
    item(8),
    item(9, "in_progress"),
    item(10, "skipped"),
  ];

  it("builds valid groups by input, with every unusable call and its reason", () => {
    const selection = buildSelectionNow(input({ items, calls, answers }));
    expect(selection.groups).toHaveLength(1);
    expect(selection.groups[0]?.trajectories.map((t) => t.reward)).toEqual([4.5, 1, 2]);
    expect(selection.groups[0]?.trajectories[0]?.metadata).toMatchObject({
      queue_id: "q1",
      item_id: "item-1",
      call_id: "call-1",
      reward_spec: SPEC.ref,
      annotators: ["ana", "ben"],
      answers: [5, 4],
    });
    expect(selection.groupLabels).toEqual(["Where is my refund?"]);
    for (const group of selection.groups) expect(TrajectoryGroup.safeParse(group).success).toBe(true);
    expect(selection.singletonsDropped).toBe(1);
    expect(selection.all).toHaveLength(4);
    expect(selection.notCounted).toBe(2);
    expect(selection.unusable.map((u) => [u.itemId, u.reason])).toEqual([
      ["item-4", "no-output"],
      ["item-5", "no-messages"],
      ["item-7", "no-call"],
      ["item-8", "unreadable-reward"],
    ]);
  });

  it("takes a judge's verdicts where no one answered, says where each reward came from, and lists its failures", () => {
    const judge = {
      ref: "weave:///e/p/object/judge-tone:v2",
      outcomes: new Map([
        ["call-1", { kind: "verdict" as const, answer: 1 }],
        ["call-6", { kind: "verdict" as const, answer: 5 }],
        ["call-9", { kind: "verdict" as const, answer: 3 }],
        ["call-10", { kind: "failure" as const, reason: "the reply was prose" }],
      ]),
    };
    const moreCalls = new Map([
      ...calls,
      ["call-9", chat("call-9", "Where is my refund?", "Next week.", "t4")],
      ["call-10", chat("call-10", "Where is my refund?", "Hm.", "t5")],
    ]);
    const selection = buildSelectionNow(
      input({
        items,
        calls: moreCalls,
        answers: new Map([...answers].filter(([callId]) => callId !== "call-6")),
        judge,
        states: ["completed", "in_progress", "skipped"],
      }),
    );
    const refund = selection.groups[0]?.trajectories ?? [];
    expect(refund.map((t) => [t.metadata?.call_id, t.reward, t.metadata?.reward_source])).toEqual([
      ["call-1", 4.5, "human"],
      ["call-2", 1, "human"],
      ["call-6", 5, `judge:${judge.ref}`],
      ["call-9", 3, `judge:${judge.ref}`],
    ]);
    expect(refund[3]?.metadata).toMatchObject({ annotators: [], answers: [3] });
    expect(selection.unusable.find((u) => u.callId === "call-10")).toMatchObject({
      reason: "judge-failed",
      detail: "the reply was prose",
    });
    for (const group of selection.groups) expect(TrajectoryGroup.safeParse(group).success).toBe(true);
    // Without a judge, nothing says where the reward came from: the request is what it always was.
    const plain = buildSelectionNow(input({ items, calls, answers }));
    expect(plain.all.every((t) => !("reward_source" in (t.metadata ?? {})))).toBe(true);
  });

  it("groups by trace, keeps groups of one when asked, counts chosen states and one annotator", () => {
    const byTrace = buildSelectionNow(
      input({ items, calls, answers, grouping: { by: "trace", size: 4, singletons: "keep" } }),
    );
    expect(byTrace.groups.map((g) => g.trajectories.map((t) => t.metadata?.call_id))).toEqual([
      ["call-1", "call-2"],
      ["call-3"],
      ["call-6"],
    ]);
    const ben = buildSelectionNow(
      input({
        items,
        calls,
        answers,
        annotators: { kind: "one", userId: "ben" },
        grouping: { by: "fixed", size: 2, singletons: "keep" },
      }),
    );
    expect(ben.all.map((t) => t.reward)).toEqual([4, 2]);
    expect(ben.unusable.filter((u) => u.reason === "no-answer").map((u) => u.detail)).toEqual(
      Array.from({ length: 5 }, () => "ben did not answer"),
    );
    const inProgressToo = buildSelectionNow(input({ items, calls, answers, states: ["completed", "in_progress"] }));
    expect(inProgressToo.notCounted).toBe(1);
    expect(inProgressToo.unusable.at(-1)).toMatchObject({ itemId: "item-9", reason: "no-call" });
  });

  it("reads other shapes through the op's paths", () => {
    const agent: SourceCall = {
      id: "call-1",
      op_name: "weave:///e/p/op/agent:1",
      trace_id: "t",
      inputs: { conversation: [{ role: "user", content: "Hi" }] },
      output: { answer: "Hello" },
    };
    const selection = buildSelectionNow(
      input({
        items: [item(1)],
        calls: new Map([["call-1", agent]]),
        answers,
        pathsFor: () => ({ prompt: "inputs.conversation", completion: "output.answer" }),
        grouping: { by: "input", size: 2, singletons: "keep" },
      }),
    );
    expect(selection.groups[0]?.trajectories[0]?.messages_and_choices).toEqual([
      { role: "user", content: "Hi" },
      { index: 0, finish_reason: "stop", message: { role: "assistant", content: "Hello" } },
    ]);
  });

  it("builds in steps, and the steps give the same selection", async () => {
    const many = Array.from({ length: 5000 }, (_, i) => item(i));
    const manyCalls = new Map(
      many.map((entry) => [
        entry.call_id,
        chat(entry.call_id, `question ${String(Number(entry.id.slice(5)) % 7)}`, "a"),
      ]),
    );
    const manyAnswers = new Map(many.map((entry, i) => [entry.call_id, { tone: [given("ana", (i % 5) + 1)] }]));
    const options = input({ items: many, calls: manyCalls, answers: manyAnswers });
    const stepped = await buildSelection(options);
    expect(stepped).toEqual(buildSelectionNow(options));
    expect(stepped.groups).toHaveLength(7);
    const aborted = new AbortController();
    aborted.abort();
    await expect(buildSelection(options, aborted.signal)).rejects.toThrow(/abort/i);
  });
});

const trajectory = (reward: number) => ({
  messages_and_choices: [
    { role: "user", content: "q" },
    { index: 0, finish_reason: "stop", message: { role: "assistant", content: `a${reward}` } },
  ],
  reward,
});

describe("downloads", () => {
  it("writes one group per line, as the new-job form reads them", () => {
    const groups = [{ trajectories: [trajectory(1), trajectory(0)] }, { trajectories: [trajectory(2)] }];
    const lines = groupsJsonl(groups).trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(groups);
    const read = readTrajectoryFile(groupsJsonl(groups), "queue.jsonl");
    expect(read.issues).toEqual([]);
    expect(read.groups).toEqual(groups);
  });

  it("writes the chat examples whose reward passes the threshold", () => {
    const { text, examples } = sftJsonl([trajectory(0.2), trajectory(0.8), trajectory(0.5)], 0.5);
    expect(examples).toBe(2);
    expect(
      text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        messages: [
          { role: "user", content: "q" },
          { role: "assistant", content: "a0.8" },
        ],
      },
      {
        messages: [
          { role: "user", content: "q" },
          { role: "assistant", content: "a0.5" },
        ],
      },
    ]);
  });
});

describe("ops left out", () => {
  it("takes no trajectory from an op left out, counts its calls apart from the unusable ones, and keeps the other ops", () => {
    const other: SourceCall = { ...chat("call-3", "Q", "A"), op_name: "weave:///e/p/op/policy:x" };
    const calls = new Map([
      ["call-1", chat("call-1", "Q", "A")],
      ["call-2", chat("call-2", "Q", "B")],
      ["call-3", other],
    ]);
    const answers = new Map<string, AnswersOnCall>([1, 2, 3].map((n) => [`call-${n}`, { tone: [given("u", n)] }]));
    const selection = buildSelectionNow(
      input({
        items: [item(1), item(2), item(3)],
        calls,
        answers,
        pathsFor: (op) => (op.includes("/policy:") ? null : CHAT_PATHS),
      }),
    );
    expect(selection.opsLeftOut).toBe(1);
    expect(selection.unusable).toEqual([]);
    expect(selection.all.map((t) => t.metadata?.call_id)).toEqual(["call-1", "call-2"]);
  });
});
