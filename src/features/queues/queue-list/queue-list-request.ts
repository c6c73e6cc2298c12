import type { QueuesQueryRequest } from "@contract/trace";
import { readText } from "@/lib/url-state/params";

/**
 * The queue list's request, from its address. Its own small module, free of React and the
 * contract's schemas, because boot.ts sends this request before the app's code has arrived
 * (app/first-page-request.ts) and the page must then ask for exactly the same.
 */

/** More than this many queues is unusual; the list says so and asks for a narrower search. */
export const QUEUE_LIST_LIMIT = 200;

/** The list's one URL parameter: the name searched for. */
export const QUEUE_SEARCH_PARAM = "q";

/** The name searched for, as the page reads it from its address. */
export const queueSearchIn = (params: URLSearchParams): string => readText(params, QUEUE_SEARCH_PARAM);

export function queueListRequest(projectId: string, name: string): QueuesQueryRequest {
  return {
    project_id: projectId,
    ...(name ? { name } : {}),
    sort_by: [{ field: "created_at", direction: "desc" }],
    // One more than shown tells whether there are more.
    limit: QUEUE_LIST_LIMIT + 1,
  };
}
