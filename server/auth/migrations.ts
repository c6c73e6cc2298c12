import type { Migration } from "../db/migrations";

export const AUTH_MIGRATIONS: Migration[] = [
  {
    id: "auth/001_users",
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        entity TEXT NOT NULL,
        -- sha256 of the API key: the key itself is never stored
        api_key_sha256 TEXT NOT NULL UNIQUE
      );
    `,
  },
];
