import type { Hono } from "hono";
import { graphql } from "graphql";
import * as z from "zod/mini";
import { apiKeyFromHeader } from "../auth/middleware";
import { findUserByApiKey } from "../auth/users";
import type { AppEnv } from "../http/env";
import { readJsonBody } from "../http/json-body";
import { WANDB_ROOT, WANDB_SCHEMA, type WandbContext } from "./schema";

/** Longest query document accepted: the dashboard's queries are a few hundred characters. */
export const MAX_QUERY_CHARS = 10_000;

const GraphqlRequest = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(MAX_QUERY_CHARS)),
  variables: z.nullish(z.record(z.string(), z.unknown())),
  operationName: z.nullish(z.string().check(z.maxLength(200))),
});

const errors = (message: string) => ({ errors: [{ message }] });

/**
 * The W&B API's GraphQL endpoint (real: `POST https://api.wandb.ai/graphql`), answering the part
 * of its schema in schema.ts. Like the real one it takes the key as HTTP Basic `api:KEY` (Bearer
 * works too), treats a request without a key as anonymous (`viewer` is null), and refuses an
 * unknown key with a 401. GraphQL errors come back as `{errors: [{message}]}`.
 */
export function registerGraphqlRoutes(service: Hono<AppEnv>): void {
  service.post("/graphql", async (c) => {
    const header = c.req.header("authorization");
    const key = apiKeyFromHeader(header);
    if (header !== undefined && key === undefined)
      return c.json(errors("The Authorization header is not a valid Basic or Bearer credential."), 401);
    const user = key === undefined ? undefined : findUserByApiKey(c.get("db"), key);
    if (key !== undefined && !user) return c.json(errors("Invalid API key."), 401);

    let body: unknown;
    try {
      body = await readJsonBody(c);
    } catch {
      return c.json(errors('The body must be JSON: {"query": "...", "variables": {...}}.'), 400);
    }
    const request = z.safeParse(GraphqlRequest, body);
    if (!request.success)
      return c.json(
        errors(`The body must be {"query": "..."} with a query of at most ${MAX_QUERY_CHARS} characters.`),
        400,
      );

    const context: WandbContext = { db: c.get("db"), user };
    const result = await graphql({
      schema: WANDB_SCHEMA,
      source: request.data.query,
      rootValue: WANDB_ROOT,
      contextValue: context,
      variableValues: request.data.variables ?? undefined,
      operationName: request.data.operationName ?? undefined,
    });
    // A query that does not parse or validate never ran: 400, as GraphQL-over-HTTP servers answer.
    const status = result.data === undefined ? 400 : 200;
    return c.json(result, status);
  });
}
