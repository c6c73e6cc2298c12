import { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { registerGraphqlRoutes } from "./graphql-routes";

/** The W&B API (real: api.wandb.ai): its GraphQL endpoint, which reads the key itself (graphql-routes.ts). */
export function createWandbService(): Hono<AppEnv> {
  const service = new Hono<AppEnv>();
  registerGraphqlRoutes(service);
  return service;
}
