import type { Database } from "better-sqlite3";
import { buildSchema, GraphQLError } from "graphql";
import type { AuthenticatedUser } from "../auth/users";
import { listProjects } from "./projects";

/**
 * The part of the W&B GraphQL API the dashboard uses, with the real field names: `viewer` (who the
 * key belongs to; its `id` is the user id the trace service records as `wb_user_id` and
 * `annotator_user_id`) and `projects(entityName:)` (the projects a key can pick from). The types
 * hold no cycles, so no query can nest deeper than the schema itself.
 */
export const WANDB_SCHEMA = buildSchema(`
  type Query {
    "The user the API key belongs to; null without a key."
    viewer: User
    "Projects of an entity the caller may read, in name order."
    projects(entityName: String, first: Int, after: String): ProjectConnection
  }

  type User {
    id: ID!
    username: String
    entity: String
    name: String
    "Teams the user belongs to (none on the local services: every user owns exactly its own entity)."
    teams(first: Int): EntityConnection!
  }

  type EntityConnection { edges: [EntityEdge!]! }
  type EntityEdge { node: Entity }
  type Entity { id: ID! name: String! }

  type ProjectConnection {
    edges: [ProjectEdge!]!
    pageInfo: PageInfo!
  }
  type ProjectEdge { node: Project, cursor: String! }
  type Project { id: ID!, name: String!, entityName: String! }
  type PageInfo { hasNextPage: Boolean!, endCursor: String }
`);

export type WandbContext = { db: Database; user: AuthenticatedUser | undefined };

export const MAX_PROJECTS_PER_PAGE = 100;
const DEFAULT_PROJECTS_PER_PAGE = 50;

const encodeCursor = (name: string) => Buffer.from(`project:${name}`, "utf8").toString("base64");
const decodeCursor = (cursor: string) => {
  const text = Buffer.from(cursor, "base64").toString("utf8");
  return text.startsWith("project:") ? text.slice("project:".length) : undefined;
};

/** Resolvers of the Query fields (graphql-js calls them with the arguments and the request's context). */
export const WANDB_ROOT = {
  viewer(_args: unknown, { user }: WandbContext) {
    if (!user) return null;
    return {
      id: user.id,
      username: user.username,
      entity: user.entity,
      name: user.username,
      teams: () => ({ edges: [] }),
    };
  },

  projects(
    args: { entityName?: string | null; first?: number | null; after?: string | null },
    { db, user }: WandbContext,
  ) {
    if (!user) throw new GraphQLError("Permission denied: sign in with an API key to list projects.");
    const entityName = args.entityName ?? user.entity;
    // The same answer for an entity that does not exist and one the caller may not read.
    if (entityName !== user.entity)
      throw new GraphQLError(`Permission denied: no entity '${truncate(entityName)}' that this key may read.`);
    const first = args.first ?? DEFAULT_PROJECTS_PER_PAGE;
    if (first < 1 || first > MAX_PROJECTS_PER_PAGE)
      throw new GraphQLError(`first must be between 1 and ${MAX_PROJECTS_PER_PAGE}.`);
    const after = args.after ? decodeCursor(args.after) : undefined;
    if (args.after && after === undefined) throw new GraphQLError("after is not a cursor this API gave out.");

    const all = listProjects(db, entityName);
    const start = after === undefined ? 0 : all.findIndex((p) => p.name > after);
    const page = start === -1 ? [] : all.slice(start, start + first);
    const edges = page.map((p) => ({
      cursor: encodeCursor(p.name),
      node: { id: encodeCursor(`${p.entityName}/${p.name}`), ...p },
    }));
    return {
      edges,
      pageInfo: { hasNextPage: start !== -1 && start + first < all.length, endCursor: edges.at(-1)?.cursor ?? null },
    };
  },
};

/** Input echoed in an error is cut short: an error never carries a client's megabytes back. */
export function truncate(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
