import { join } from "node:path";
import { upsertUser } from "../../auth/users";
import { openDatabase } from "../../db/database";
import { DATABASE_FILE } from "../../runtime";
import { seedUsers } from "../../seed/users";
import { insertQualityCalls } from "./fixtures";

/** A second annotator of entity demo: two people working the same queue. */
export const SECOND_ANNOTATOR = {
  id: "user-quality-2",
  username: "quality-2",
  entity: "demo",
  apiKey: "local-quality-key-2",
} as const;

/**
 * Prepares a data directory before the services first start on it: the users (so the services
 * skip the seconds-long demo seed) and `calls` calls of the quality project. Returns the call ids.
 */
export function seedDataDir(dataDir: string, calls: number): string[] {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    seedUsers(db);
    upsertUser(db, SECOND_ANNOTATOR);
    return insertQualityCalls(db, calls);
  } finally {
    db.close();
  }
}
