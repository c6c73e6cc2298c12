import * as z from "zod/mini";
import { ANNOTATION_STATES, type AnnotationState } from "@contract/trace";
import { SUPPORTED_BASE_MODELS } from "@/features/training";
import type { UrlIssue } from "@/lib/url-state/url-issue";
import { DEFAULT_GROUPING, GROUP_SIZE_BOUNDS, type Grouping } from "./trajectories/grouping";
import type { AnnotatorChoice, RewardMapping } from "./trajectories/reward-mapping";

/**
 * The engineer's choices on the Train page, kept in the URL: a reload, a shared link or a job the
 * service refused keeps every one of them. Anything unreadable falls back to its default.
 */
export type ModelChoice =
  | { kind: "existing"; id: string }
  | { kind: "new"; project: string; name: string; base: string };

/** The judge whose verdicts are the reward where no one answered: one version, or its latest (`digest` null). */
export type JudgeChoice = { id: string; digest: string | null };

export type TrainChoices = {
  /** The reward question's id; null: the first question that can be a reward. */
  spec: string | null;
  /** null: the question's default mapping. */
  mapping: RewardMapping | null;
  annotators: AnnotatorChoice;
  /** null: the reward comes from the annotators' answers only. */
  judge: JudgeChoice | null;
  states: AnnotationState[];
  grouping: Grouping;
  model: ModelChoice;
  /** The SFT download's reward threshold, as typed. */
  threshold: string;
  /**
   * Ops included or left out by hand, by op name (without its version): an op not named here is
   * included when its calls' paths are known (remembered or suggested), left out otherwise.
   */
  ops: OpChoices;
};

export type OpChoices = Readonly<Record<string, "in" | "out">>;

const MAX_OPS = 100;

/** `ops=-refund_policy.check,+classify_intent`: "-" left out, "+" included; names percent-encoded (a name may hold a comma). */
function readOps(raw: string | null): OpChoices {
  const ops: Record<string, "in" | "out"> = {};
  for (const part of (raw ?? "").split(",").slice(0, MAX_OPS)) {
    const sign = part[0];
    if ((sign !== "-" && sign !== "+") || part.length < 2 || part.length > MAX_TEXT) continue;
    try {
      ops[decodeURIComponent(part.slice(1))] = sign === "+" ? "in" : "out";
    } catch {
      // A broken escape: that op keeps its default.
    }
  }
  return ops;
}

function writeOps(ops: OpChoices): string {
  return Object.entries(ops)
    .map(([name, choice]) => `${choice === "in" ? "+" : "-"}${encodeURIComponent(name)}`)
    .join(",");
}

const number = z.number().check(z.refine(Number.isFinite));
const StoredMapping = z.union([
  z.object({
    kind: z.enum(["numeric", "rating"]),
    min: z.nullable(number),
    max: z.nullable(number),
    scale: z.enum(["raw", "unit", "unit-reversed"]),
  }),
  z.object({ kind: z.literal("yes-no"), yes: number, no: number }),
  z.object({ kind: z.literal("categorical"), values: z.record(z.string().check(z.maxLength(500)), number) }),
]);

const isState = (value: string): value is AnnotationState => (ANNOTATION_STATES as readonly string[]).includes(value);
const MAX_TEXT = 200;

function parseMapping(raw: string | null): RewardMapping | null {
  if (!raw || raw.length > 20_000) return null;
  try {
    const parsed = StoredMapping.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const text = (raw: string | null) => (raw ?? "").slice(0, MAX_TEXT);

// The page offers only the supported bases in a select, which shows its first option for any other
// value: an unlisted base from a link would be sent while another is shown (and the job would fail).
const baseModel = (raw: string | null) =>
  SUPPORTED_BASE_MODELS.find((base) => base === raw) ?? SUPPORTED_BASE_MODELS[0] ?? "";

// An object id as the trace service takes one, and a digest (letters, digits, `-`, `_`): nothing else is a judge.
const OBJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const DIGEST = /^[A-Za-z0-9_-]{1,128}$/;

/** `judge=<id>` (its latest version) or `judge=<id>:<digest>`; "invalid" for anything else. */
export function parseJudge(raw: string | null): JudgeChoice | null | "invalid" {
  if (!raw) return null;
  const colon = raw.indexOf(":");
  const id = colon < 0 ? raw : raw.slice(0, colon);
  const digest = colon < 0 ? null : raw.slice(colon + 1);
  if (!OBJECT_ID.test(id) || (digest !== null && !DIGEST.test(digest))) return "invalid";
  return { id, digest };
}

const readJudge = (raw: string | null): JudgeChoice | null => {
  const judge = parseJudge(raw);
  return judge === "invalid" ? null : judge;
};

const shownValue = (raw: string) => (raw.length > 80 ? `${raw.slice(0, 79)}…` : raw);

/** What in the address was not understood (its value then falls back to the default), for the page's notice. */
export function choiceIssues(params: URLSearchParams): UrlIssue[] {
  const judge = params.get("judge");
  return parseJudge(judge) === "invalid"
    ? [
        {
          param: "judge",
          value: shownValue(judge ?? ""),
          reason: "not a judge (expected <judge id> or <judge id>:<digest>)",
        },
      ]
    : [];
}

export function readChoices(params: URLSearchParams): TrainChoices {
  const who = params.get("who");
  const states = (params.get("states") ?? "completed").split(",").filter(isState);
  const by = params.get("group");
  const size = Number(params.get("size"));
  const model: ModelChoice =
    params.get("model") === "new"
      ? {
          kind: "new",
          project: text(params.get("project")),
          name: text(params.get("name")),
          base: baseModel(params.get("base")),
        }
      : { kind: "existing", id: text(params.get("model")) };
  return {
    spec: params.get("spec") || null,
    mapping: parseMapping(params.get("mapping")),
    annotators:
      who && who.startsWith("user:") && who.length > 5
        ? { kind: "one", userId: who.slice(5, 5 + MAX_TEXT) }
        : { kind: "mean" },
    judge: readJudge(params.get("judge")),
    states: states.length > 0 ? [...new Set(states)] : ["completed"],
    grouping: {
      by: by === "trace" || by === "fixed" || by === "input" ? by : DEFAULT_GROUPING.by,
      size:
        Number.isInteger(size) && size >= GROUP_SIZE_BOUNDS.min && size <= GROUP_SIZE_BOUNDS.max
          ? size
          : DEFAULT_GROUPING.size,
      singletons: params.get("singles") === "keep" ? "keep" : "drop",
    },
    model,
    threshold: text(params.get("threshold")) || "0.5",
    ops: readOps(params.get("ops")),
  };
}

/** The choices as search parameters; defaults are left out so links stay short. */
export function writeChoices(choices: TrainChoices): URLSearchParams {
  const params = new URLSearchParams();
  if (choices.spec) params.set("spec", choices.spec);
  if (choices.mapping) params.set("mapping", JSON.stringify(choices.mapping));
  if (choices.annotators.kind === "one") params.set("who", `user:${choices.annotators.userId}`);
  if (choices.judge)
    params.set("judge", choices.judge.digest ? `${choices.judge.id}:${choices.judge.digest}` : choices.judge.id);
  if (choices.states.join(",") !== "completed") params.set("states", choices.states.join(","));
  if (choices.grouping.by !== DEFAULT_GROUPING.by) params.set("group", choices.grouping.by);
  if (choices.grouping.size !== DEFAULT_GROUPING.size) params.set("size", String(choices.grouping.size));
  if (choices.grouping.singletons !== DEFAULT_GROUPING.singletons) params.set("singles", choices.grouping.singletons);
  if (choices.model.kind === "new") {
    params.set("model", "new");
    params.set("project", choices.model.project);
    params.set("name", choices.model.name);
    params.set("base", choices.model.base);
  } else if (choices.model.id) params.set("model", choices.model.id);
  if (choices.threshold !== "0.5") params.set("threshold", choices.threshold);
  const ops = writeOps(choices.ops);
  if (ops) params.set("ops", ops);
  return params;
}
