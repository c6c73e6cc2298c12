import type { Database } from "better-sqlite3";
import { createHash } from "node:crypto";
import { cached } from "../db/statements";

export type AuthenticatedUser = { id: string; username: string; entity: string };

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function findUserByApiKey(db: Database, key: string): AuthenticatedUser | undefined {
  // Every authenticated request asks: the statement is prepared once per database.
  return cached(db, "SELECT id, username, entity FROM users WHERE api_key_sha256 = ?").get(hashApiKey(key)) as
    | AuthenticatedUser
    | undefined;
}

export function upsertUser(db: Database, user: AuthenticatedUser & { apiKey: string }): void {
  db.prepare(
    `INSERT INTO users (id, username, entity, api_key_sha256) VALUES (@id, @username, @entity, @hash)
     ON CONFLICT(id) DO UPDATE SET username = excluded.username, entity = excluded.entity, api_key_sha256 = excluded.api_key_sha256`,
  ).run({ id: user.id, username: user.username, entity: user.entity, hash: hashApiKey(user.apiKey) });
}

/** Seeded accounts of the local services (README: "Demo credentials"). */
export const DEMO_USERS = [
  { id: "user-demo", username: "demo", entity: "demo", apiKey: "local-demo-key" },
  { id: "user-acme", username: "acme", entity: "acme", apiKey: "local-acme-key" },
  // The demo's other two annotators (the seed's answers are theirs too), so a team can be tried in two browsers.
  { id: "user-maria", username: "maria", entity: "demo", apiKey: "local-maria-key" },
  { id: "user-kenji", username: "kenji", entity: "demo", apiKey: "local-kenji-key" },
] as const;
