import type { Database } from "better-sqlite3";
import { seedUsers } from "./users";
import { resetTraceData, seedTraceDemo } from "./trace-seed";
import { resetTrainingData, seedTrainingDemo } from "./training-seed";

/** True when the database has never been seeded (a fresh DATA_DIR). */
export function needsSeed(db: Database): boolean {
  return db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM users").get()?.n === 0;
}

/** The demo data a newcomer sees: users, annotation queues, models and jobs. */
export function seedAll(db: Database, options: { reset?: boolean; now?: Date } = {}): void {
  if (options.reset) {
    resetTraceData(db);
    resetTrainingData(db);
  }
  seedUsers(db);
  seedTraceDemo(db, options.now);
  seedTrainingDemo(db, options.now);
}
