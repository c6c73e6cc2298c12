import { z } from "zod";
import { parseConnectOrigins } from "./security-headers";

/** Every environment variable the local services read (the README's "Configuration" lists them). */
const Env = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4280),
  DATA_DIR: z.string().min(1).default(".data"),
  TRAINING_STEP_MS: z.coerce.number().int().min(0).default(1000),
  CHAT_TOKEN_DELAY_MS: z.coerce.number().int().min(0).default(30),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  SIMULATE_CHECK_FAILURE: z.string().default(""),
  // Hosts SFT downloads may reach even on a private address (an internal data server): `host:port`
  // exempts that port, a bare `host` only its scheme's default port (443, 80 for http).
  SFT_DATA_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  // How long a request may take to arrive, headers and body (408 and closed after it).
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  // The slowest a request body may arrive once BODY_RATE_GRACE_MS of reading have passed (408 below it).
  MIN_BODY_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024),
  BODY_RATE_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  // Connections one client address may hold open at once (a request on one more gets a 429 and is closed).
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(128),
  TRAINING_JOBS_PER_ENTITY: z.coerce.number().int().min(1).default(8),
  // "1": the build writes source maps and the server serves them (for debugging a build); never by default.
  SOURCE_MAPS: z
    .string()
    .default("")
    .transform((s) => s === "1"),
  // None by default: the page calls only its own origin (the local services). A deployment that
  // points the Settings at services elsewhere names them; the key is never sent anywhere the
  // policy allows by default alone (see src/connection/settings-store.ts, KeyBinding).
  CSP_CONNECT_SRC: z
    .string()
    .default("")
    .transform((s, ctx) => {
      try {
        return parseConnectOrigins(s);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

export type ServerConfig = z.infer<typeof Env>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = Env.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment for the local services:\n${problems}`);
  }
  return result.data;
}
