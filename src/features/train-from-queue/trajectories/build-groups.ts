import type { AnnotationState } from "@contract/trace";
import type { Trajectory, TrajectoryGroup } from "@contract/training";
import type { QueueSpec } from "@/api/annotation-specs";
import { conversationOf, type ChatMessage, type PathMapping } from "./conversation";
import { createGrouper, type Grouping } from "./grouping";
import type { AnnotatorChoice, AnswersOnCall, RewardMapping } from "./reward-mapping";
import { sourcedReward, type JudgeRewards } from "./reward-source";

export type SourceItem = { id: string; call_id: string; annotation_state: AnnotationState };
export type SourceCall = { id: string; op_name: string; trace_id: string; inputs?: unknown; output?: unknown };

/** Everything a selection is built from: the queue as read, and the engineer's choices. */
export type SelectionInput = {
  queue: { id: string; name: string };
  items: readonly SourceItem[];
  /** The items' calls by id (a call missing here was deleted or is not readable). */
  calls: ReadonlyMap<string, SourceCall>;
  answers: ReadonlyMap<string, AnswersOnCall>;
  spec: Pick<QueueSpec, "id" | "ref" | "label">;
  mapping: RewardMapping;
  annotators: AnnotatorChoice;
  /** The judge version whose verdicts are the reward where the chosen annotators gave none; absent or null: annotators only. */
  judge?: JudgeRewards | null;
  /** Items in these states count; the others are left out (not "unusable": not chosen). */
  states: readonly AnnotationState[];
  /** Where an op's calls keep their prompt and completion; null: the op is left out. */
  pathsFor: (opName: string) => PathMapping | null;
  grouping: Grouping;
};

export type UnusableReason =
  | "no-call"
  | "no-messages"
  | "no-output"
  | "no-answer"
  | "unreadable-reward"
  | "judge-failed";
export const UNUSABLE_LABEL: Record<UnusableReason, string> = {
  "no-call": "Call not found",
  "no-messages": "No messages",
  "no-output": "No answer from the model",
  "no-answer": "Not answered",
  "unreadable-reward": "Reward not readable",
  "judge-failed": "The judge could not answer",
};

export type UnusableCall = {
  itemId: string;
  callId: string;
  opName: string | null;
  reason: UnusableReason;
  detail: string;
};

/** What the selection makes: the groups in the training service's format, and what was left out and why. */
export type Selection = {
  groups: TrajectoryGroup[];
  /** Per group: what it is (the prompt, trace or item range it gathers). */
  groupLabels: string[];
  /** Every usable trajectory in the queue's order, grouped or not (the SFT download reads these). */
  all: Trajectory[];
  singletonsDropped: number;
  /** Items left out by their state. */
  notCounted: number;
  /** Calls left out with their op (not "unusable": not chosen). */
  opsLeftOut: number;
  unusable: UnusableCall[];
};

/**
 * A step ends after this many milliseconds of work (checked every STEP_CHECK items), well under
 * the 50 ms of a long task, so a slow or busy machine takes more steps rather than longer ones.
 */
export const STEP_MS = 20;
const STEP_CHECK = 64;

const LABEL_CHARS = 120;

function lastUserText(prompt: readonly ChatMessage[]): string {
  const user = prompt.findLast((message) => message.role === "user") ?? prompt.at(-1);
  const content = user?.content;
  const text = typeof content === "string" ? content : JSON.stringify(content ?? "");
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;
}

/** The key of a prompt for grouping by input: its roles and texts (cheaper than JSON for long texts). */
function promptKey(prompt: readonly ChatMessage[]): string {
  let key = "";
  for (const message of prompt)
    key += `${message.role}\u0001${typeof message.content === "string" ? message.content : JSON.stringify(message.content)}\u0002`;
  return key;
}

/**
 * Builds the selection in steps of about STEP_MS: each `next()` does one step, so the caller can
 * give the browser its next task between them (buildSelection). The last step groups.
 */
export function* selectionSteps(input: SelectionInput): Generator<void, Selection, void> {
  const { items, calls, answers, spec, mapping, annotators, pathsFor, grouping, queue } = input;
  const judge = input.judge ?? null;
  const counted = new Set(input.states);
  const all: Trajectory[] = [];
  const grouper = createGrouper<Trajectory>(grouping);
  const unusable: UnusableCall[] = [];
  let notCounted = 0;
  let opsLeftOut = 0;
  const seenCalls = new Set<string>();
  let stepStart = performance.now();
  for (let index = 0; index < items.length; index++) {
    if (index % STEP_CHECK === STEP_CHECK - 1 && performance.now() - stepStart > STEP_MS) {
      yield;
      stepStart = performance.now();
    }
    const item = items[index] as SourceItem;
    if (!counted.has(item.annotation_state)) {
      notCounted += 1;
      continue;
    }
    // A call queued twice is one trajectory (its answers are the call's, not the item's).
    if (seenCalls.has(item.call_id)) continue;
    seenCalls.add(item.call_id);
    const call = calls.get(item.call_id);
    if (!call) {
      unusable.push({
        itemId: item.id,
        callId: item.call_id,
        opName: null,
        reason: "no-call",
        detail: "the call could not be read (deleted, or another project's)",
      });
      continue;
    }
    const paths = pathsFor(call.op_name);
    if (!paths) {
      opsLeftOut += 1;
      continue;
    }
    const reward = sourcedReward(
      answers.get(item.call_id)?.[spec.id],
      judge ? { outcome: judge.outcomes.get(item.call_id) } : null,
      mapping,
      annotators,
    );
    if (!reward.ok) {
      unusable.push({
        itemId: item.id,
        callId: call.id,
        opName: call.op_name,
        reason: reward.reason,
        detail: reward.detail,
      });
      continue;
    }
    const conversation = conversationOf(call, paths);
    if (!conversation.ok) {
      unusable.push({
        itemId: item.id,
        callId: call.id,
        opName: call.op_name,
        reason: conversation.reason,
        detail: conversation.detail,
      });
      continue;
    }
    const trajectory: Trajectory = {
      messages_and_choices: conversation.messagesAndChoices,
      reward: reward.reward,
      metadata: {
        source: "annotation_queue",
        queue_id: queue.id,
        item_id: item.id,
        call_id: call.id,
        trace_id: call.trace_id,
        op_name: call.op_name,
        reward_spec: spec.ref,
        annotators: reward.annotators,
        answers: reward.values,
        // Only with a judge chosen, so a job trained from people alone sends what it always did.
        ...(judge ? { reward_source: reward.source === "judge" ? `judge:${judge.ref}` : "human" } : {}),
      },
    };
    const key = grouping.by === "trace" ? call.trace_id : grouping.by === "input" ? promptKey(conversation.prompt) : "";
    const label = grouping.by === "trace" ? `Trace ${call.trace_id}` : lastUserText(conversation.prompt);
    all.push(trajectory);
    grouper.add({ value: trajectory, key, label });
  }
  yield;
  const grouped = grouper.finish();
  return {
    groups: grouped.groups.map((group) => ({ trajectories: group.members })),
    groupLabels: grouped.groups.map((group) => group.label),
    all,
    singletonsDropped: grouped.singletonsDropped,
    notCounted,
    opsLeftOut,
    unusable,
  };
}

/** The whole selection at once (tests, and callers with few items). */
export function buildSelectionNow(input: SelectionInput): Selection {
  const steps = selectionSteps(input);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The selection, built in steps with the browser's next task between them so typing and clicking
 * stay responsive while 10,000 calls are mapped. Each step is a User Timing measure
 * ("trajectory-build-step") for the bench and DevTools.
 */
export async function buildSelection(input: SelectionInput, signal?: AbortSignal): Promise<Selection> {
  const steps = selectionSteps(input);
  for (;;) {
    signal?.throwIfAborted();
    const start = performance.now();
    const step = steps.next();
    try {
      performance.measure("trajectory-build-step", { start, end: performance.now() });
    } catch {
      // Timing is optional (older engines).
    }
    if (step.done) return step.value;
    await nextTask();
  }
}
