import { inProject, paths } from "@/lib/paths";
import { serializeItemsTableState, type ItemsTableState } from "./items-url-state";

/**
 * Links to a queue's pages and to the calls, each naming the project they belong to (`annotation_project=`,
 * lib/paths' `inProject`): a queue id means nothing in another project, and whoever opens the link
 * (a colleague, this browser with another project chosen later) is told whose it is. Every link
 * the queues pages build goes through here.
 */

/** Where the review page asks the table to put focus when the user comes back. */
export type ItemsLocationState = { focusItemId?: string } | null;

/** The review URL's parameter for the item's index in the table's list (0-based), a hint to find its neighbours fast. */
export const INDEX_PARAM = "i";

/** The review URL's parameter that turns work mode on: "& next" and Next for me claim the next item offered to me. */
export const WORK_PARAM = "work";

/** The queue's items table, unfiltered. */
export const queueHref = (project: string, queueId: string): string => inProject(paths.queue(queueId), project);

/** The queue's insights. */
export const insightsHref = (project: string, queueId: string): string =>
  inProject(paths.queueInsights(queueId), project);

/** Training from the queue's answers. */
export const trainHref = (project: string, queueId: string): string => inProject(paths.queueTrain(queueId), project);

/** The queue's LLM judges. */
export const judgesHref = (project: string, queueId: string): string => inProject(paths.queueJudges(queueId), project);

/** One judge of the queue, or the editor of a new one (`judgeId` null). */
export const judgeHref = (project: string, queueId: string, judgeId: string | null): string =>
  inProject(judgeId === null ? paths.newQueueJudge(queueId) : paths.queueJudge(queueId, judgeId), project);

/** The project's calls, where calls are picked and added to a queue. */
export const callsHref = (project: string): string => inProject(paths.calls(), project);

/**
 * The review page of an item, carrying the table's view (filters, sort, page size) so Previous /
 * Next walk the same list and Escape returns to the same place.
 */
export function reviewHref(
  project: string,
  queueId: string,
  itemId: string,
  view: ItemsTableState,
  index: number | null,
  options: { work?: boolean } = {},
): string {
  const params = serializeItemsTableState(view);
  if (index !== null && index >= 0) params.set(INDEX_PARAM, String(index));
  if (options.work) params.set(WORK_PARAM, "1");
  return inProject(paths.queueItem(queueId, itemId, params.toString()), project);
}

/** The table with the view, on the page that holds row `index` when it is known. */
export function tableHref(project: string, queueId: string, view: ItemsTableState, index: number | null): string {
  const page = index !== null && index >= 0 ? Math.floor(index / view.pageSize) + 1 : view.page;
  const search = serializeItemsTableState({ ...view, page }).toString();
  return inProject(`${paths.queue(queueId)}${search ? `?${search}` : ""}`, project);
}
