import * as z from "zod/mini";

// The W&B API (GraphQL, real: POST https://api.wandb.ai/graphql with HTTP Basic `api:KEY`): the two
// queries the dashboard sends and the shapes of their answers. docs/contract-decisions.md#who-am-i.

export const VIEWER_QUERY = "query Viewer { viewer { id username entity teams { edges { node { name } } } } }";

export const PROJECTS_QUERY =
  "query Projects($entity: String!, $first: Int, $after: String) { projects(entityName: $entity, first: $first, after: $after) { edges { node { name entityName } } pageInfo { hasNextPage endCursor } } }";

export const Viewer = z.object({
  /** The user id the trace service records as `wb_user_id` and `annotator_user_id`. */
  id: z.string(),
  username: z.nullish(z.string()),
  /** The user's own entity (default entity). */
  entity: z.nullish(z.string()),
  teams: z.nullish(z.object({ edges: z.array(z.object({ node: z.nullish(z.object({ name: z.string() })) })) })),
});
export type Viewer = z.infer<typeof Viewer>;

const GraphqlErrors = z.nullish(z.array(z.object({ message: z.string() })));

/** `viewer` is null when the API does not know the key's user (no key, or one it did not accept). */
export const ViewerResponse = z.object({
  data: z.nullish(z.object({ viewer: z.nullish(Viewer) })),
  errors: GraphqlErrors,
});

export const ProjectsResponse = z.object({
  data: z.nullish(
    z.object({
      projects: z.nullish(
        z.object({
          edges: z.array(z.object({ node: z.nullish(z.object({ name: z.string(), entityName: z.string() })) })),
          pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.nullish(z.string()) }),
        }),
      ),
    }),
  ),
  errors: GraphqlErrors,
});
