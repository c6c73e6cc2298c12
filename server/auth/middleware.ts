import type { Context, MiddlewareHandler } from "hono";
import { ServiceError } from "../http/errors";
import type { AppEnv } from "../http/env";
import { findUserByApiKey, type AuthenticatedUser } from "./users";

/**
 * Reads the API key from the Authorization header. The trace service's SDK sends
 * `Basic base64("api:KEY")`; the OpenAI-compatible services send `Bearer KEY`. Both are accepted
 * everywhere, as a key is a key; what differs per service is only which form clients use.
 */
export function apiKeyFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // Exactly "<scheme> <credentials>": a limit on split() would drop trailing junk and accept
  // "Bearer KEY anything" as KEY.
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2) return undefined;
  const [scheme, value] = parts as [string, string];
  if (scheme.toLowerCase() === "bearer") return value;
  if (scheme.toLowerCase() === "basic") {
    const decoded = decodeBase64Strictly(value);
    const colon = decoded?.indexOf(":") ?? -1;
    return decoded !== undefined && colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  return undefined;
}

/** Canonical base64 (RFC 4648: whole quads, padding only at the end). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The UTF-8 text of canonical base64, else undefined. Node's decoder skips characters that are not
 * base64, so "YXBp!Omxv..." would authenticate as if the "!" were not there.
 */
function decodeBase64Strictly(value: string): string | undefined {
  if (!BASE64.test(value)) return undefined;
  try {
    return utf8.decode(Buffer.from(value, "base64"));
  } catch {
    return undefined;
  }
}

/** 401 unless the request carries a known key; the user is then `c.get("user")`. */
export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = apiKeyFromHeader(c.req.header("authorization"));
  if (!key) throw new ServiceError(401, "Missing API key: send it in the Authorization header.", "missing_api_key");
  const user = findUserByApiKey(c.get("db"), key);
  if (!user) throw new ServiceError(401, "Invalid API key.", "invalid_api_key");
  c.set("user", user);
  await next();
};

/** 403 unless the user may act for `entity` (users own exactly their own entity). */
export function assertEntityAccess(user: AuthenticatedUser, entity: string): void {
  if (user.entity !== entity) {
    throw new ServiceError(
      403,
      `Permission denied: your key's user may not access entity '${entity}'.`,
      "permission_denied",
    );
  }
}

/** Entity part of `<entity>/<project>` (validated by the schema before this is called). */
export function entityOfProject(projectId: string): string {
  return projectId.split("/", 1)[0] ?? "";
}

/** 403 unless the key's user may use the project's entity. */
export function authorizeProject(c: Context<AppEnv>, projectId: string): void {
  assertEntityAccess(c.get("user"), entityOfProject(projectId));
}

/** 403 unless the key's user may use each project's entity (a batch may name several). */
export function authorizeProjects(c: Context<AppEnv>, projectIds: Iterable<string>): void {
  for (const projectId of new Set(projectIds)) authorizeProject(c, projectId);
}
