/**
 * Every page's address, built in one place: links and navigations use these instead of writing
 * `/training/jobs/${…}` by hand, so an id is always encoded and a route moves in one edit.
 * (The route table in app/routes.tsx holds the matching patterns.)
 */

const segment = (id: string) => encodeURIComponent(id);

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
  queue: (queueId: string) => `/queues/${segment(queueId)}`,
  /** Figures over the whole queue: completions, answers, agreement between annotators. */
  queueInsights: (queueId: string) => `/queues/${segment(queueId)}/insights`,
  /** An RL job (or downloads) from the queue's answers; `search` carries the choices. */
  queueTrain: (queueId: string, search = "") => `/queues/${segment(queueId)}/train${search ? `?${search}` : ""}`,
  /** One item's review; `search` carries the table's view (see queues/shared/links.ts). */
  queueItem: (queueId: string, itemId: string, search = "") => `/queues/${segment(queueId)}/items/${segment(itemId)}${search ? `?${search}` : ""}`,

  /** The project's calls; `search` carries the view (filters, sort, page). */
  calls: (search = "") => `/calls${search ? `?${search}` : ""}`,

  models: "/models",
  /** The playground with a model preselected, from the catalog (inference) or a checkpoint (training). */
  playground: (target?: { service: "inference" | "training"; model: string }) =>
    target ? `/playground?${new URLSearchParams({ service: target.service, model: target.model }).toString()}` : "/playground",

  trainingJobs: "/training",
  /** Two to eight jobs' metrics side by side (features/training/compare). */
  trainingCompare: (jobIds: readonly string[]) => `/training/compare?jobs=${jobIds.map((id) => encodeURIComponent(id)).join(",")}`,
  trainingJob: (jobId: string) => `/training/jobs/${segment(jobId)}`,
  newTrainingJob: (modelId?: string) => (modelId ? `/training/jobs/new?${new URLSearchParams({ model: modelId }).toString()}` : "/training/jobs/new"),
  trainingModels: "/training/models",
  trainingModel: (modelId: string) => `/training/models/${segment(modelId)}`,
} as const;
