import { PROJECTS_QUERY, ProjectsResponse, VIEWER_QUERY, ViewerResponse, type Viewer } from "@contract/wandb";
import { basicAuth } from "./auth";
import { clientScope, type ServiceClientConfig } from "./client-config";
import { graphqlMessage } from "./error-body";
import { describeError } from "./error-messages";
import { ApiError } from "./errors";
import { createHttpClient, type CallOptions } from "./http";

export type WandbClient = ReturnType<typeof createWandbClient>;

/** Most projects listed for a picker: five pages of the API's largest page. */
const MAX_PROJECT_PAGES = 5;
const PROJECTS_PER_PAGE = 100;

/**
 * The W&B API (GraphQL at `<base>/graphql`), asked two things: who the key belongs to
 * (`viewer`, whose id the trace service records as the annotator), and an entity's projects.
 * The key goes as HTTP Basic `api:KEY`, as the W&B SDKs send it.
 */
export function createWandbClient(config: ServiceClientConfig) {
  const http = createHttpClient({ ...config, service: "wandb", authHeaders: basicAuth });
  const scope = clientScope("wandb", config);

  /** GraphQL answers a refused query with 200 and `errors`: that is a failure of the call too. */
  const refused = (errors: readonly { message: string }[]): ApiError => {
    const serviceMessage = http.redact(graphqlMessage(errors) ?? "the query was refused");
    return new ApiError({
      kind: "bad_request",
      service: "wandb",
      serviceMessage,
      message: describeError({ kind: "bad_request", service: "wandb", reason: serviceMessage }),
    });
  };

  return {
    scope,

    /** The key's user, or null when the API does not know it (it answers anonymous callers that way). */
    async viewer(options?: CallOptions): Promise<Viewer | null> {
      const res = await http.json(
        { method: "POST", path: "/graphql", body: { query: VIEWER_QUERY }, options },
        ViewerResponse,
      );
      if (!res.data && res.errors?.length) throw refused(res.errors);
      return res.data?.viewer ?? null;
    },

    /** `entity/project` ids of the entity's projects, in the API's order, up to MAX_PROJECT_PAGES pages. */
    async projects(entity: string, options?: CallOptions): Promise<string[]> {
      const ids: string[] = [];
      let after: string | null | undefined;
      for (let page = 0; page < MAX_PROJECT_PAGES; page++) {
        const variables = { entity, first: PROJECTS_PER_PAGE, ...(after ? { after } : {}) };
        const res = await http.json(
          { method: "POST", path: "/graphql", body: { query: PROJECTS_QUERY, variables }, options },
          ProjectsResponse,
        );
        const connection = res.data?.projects;
        if (!connection) throw refused(res.errors ?? []);
        for (const edge of connection.edges) if (edge.node) ids.push(`${edge.node.entityName}/${edge.node.name}`);
        if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) break;
        after = connection.pageInfo.endCursor;
      }
      return ids;
    },
  };
}
