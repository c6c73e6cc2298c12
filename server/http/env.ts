import type { Database } from "better-sqlite3";
import type { AuthenticatedUser } from "../auth/users";

/** What every request handler of the local services can read from its context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    user: AuthenticatedUser;
    db: Database;
  };
};
