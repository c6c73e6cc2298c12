/**
 * Every page's address, built in one place: links and navigations use these instead of writing
 * `/training/jobs/${…}` by hand, so an id is always encoded. Each builder fills in its page's path
 * pattern as the route table writes it (app/pages.ts; pages.test.ts checks that every address
 * built here opens a page of that table).
 */

/** The names of a path pattern's `:params` ("/queues/:queueId/items/:itemId" → "queueId" | "itemId"). */
type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** `pattern` with each `:param` replaced by its value, encoded, and `search` (without its "?") after it. */
export function pathTo<Pattern extends string>(
  pattern: Pattern,
  params: Record<ParamsOf<Pattern>, string>,
  search = "",
): string {
  const values: Record<string, string> = params;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  return search ? `${path}?${search}` : path;
}

/**
 * The query parameter naming the annotation project (`entity/project`, Settings' "annotation
 * project") a project-scoped page belongs to: a queue, its items, review, insights and training;
 * the calls. An id names nothing outside its project: a link that carries the project opens the
 * same thing for whoever works in another one (the page says so and offers to switch) instead of
 * "not found". Not plain `project`: the train page's address uses that for a new model's project.
 */
export const PROJECT_PARAM = "annotation_project";

/** `href` naming the project it belongs to, as the first of its parameters (the others kept). */
export function inProject(href: string, project: string): string {
  const hashAt = href.indexOf("#");
  const hash = hashAt >= 0 ? href.slice(hashAt) : "";
  const withoutHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const rest = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : "");
  rest.delete(PROJECT_PARAM);
  const params = new URLSearchParams([[PROJECT_PARAM, project], ...rest]);
  return `${path}?${params.toString()}${hash}`;
}

export const paths = {
  home: "/",
  status: "/status",
  settings: "/settings",
  proxyHelp: "/help/proxy",

  queues: "/queues",
  queue: (queueId: string) => pathTo("/queues/:queueId", { queueId }),
  /** Figures over the whole queue: completions, answers, agreement between annotators. */
  queueInsights: (queueId: string) => pathTo("/queues/:queueId/insights", { queueId }),
  /** An RL job (or downloads) from the queue's answers; `search` carries the choices. */
  queueTrain: (queueId: string, search = "") => pathTo("/queues/:queueId/train", { queueId }, search),
  /** The queue's LLM judges (features/queues/judges). */
  queueJudges: (queueId: string) => pathTo("/queues/:queueId/judges", { queueId }),
  /** A new judge's editor. */
  newQueueJudge: (queueId: string) => pathTo("/queues/:queueId/judges/new", { queueId }),
  /** One judge: its editor, versions and runs. */
  queueJudge: (queueId: string, judgeId: string) => pathTo("/queues/:queueId/judges/:judgeId", { queueId, judgeId }),
  /** One item's review; `search` carries the table's view (see queues/shared/links.ts). */
  queueItem: (queueId: string, itemId: string, search = "") =>
    pathTo("/queues/:queueId/items/:itemId", { queueId, itemId }, search),

  /** The project's calls; `search` carries the view (filters, sort, page). */
  calls: (search = "") => pathTo("/calls", {}, search),

  models: "/models",
  /** The playground with a model preselected, from the catalog (inference) or a checkpoint (training). */
  playground: (target?: { service: "inference" | "training"; model: string }) =>
    pathTo(
      "/playground",
      {},
      target ? new URLSearchParams({ service: target.service, model: target.model }).toString() : "",
    ),

  trainingJobs: "/training",
  /** Two to eight jobs' metrics side by side (features/training/compare). */
  trainingCompare: (jobIds: readonly string[]) =>
    pathTo("/training/compare", {}, `jobs=${jobIds.map((id) => encodeURIComponent(id)).join(",")}`),
  trainingJob: (jobId: string) => pathTo("/training/jobs/:jobId", { jobId }),
  newTrainingJob: (modelId?: string) =>
    pathTo("/training/jobs/new", {}, modelId ? new URLSearchParams({ model: modelId }).toString() : ""),
  trainingModels: "/training/models",
  trainingModel: (modelId: string) => pathTo("/training/models/:modelId", { modelId }),
} as const;
