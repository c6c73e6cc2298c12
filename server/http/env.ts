import type { Database } from "better-sqlite3";
import type { AuthenticatedUser } from "../auth/users";
import type { BodyRules } from "./request-body";

/** What every request handler of the local services can read from its context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    user: AuthenticatedUser;
    db: Database;
    /** What the request body must keep to while read (http/request-body.ts); unset under `app.fetch`. */
    bodyRules: BodyRules;
  };
};
