import type { Database } from "better-sqlite3";
import { DEMO_USERS, upsertUser } from "../auth/users";

export function seedUsers(db: Database): void {
  for (const user of DEMO_USERS) upsertUser(db, user);
}
