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
  // Host names SFT downloads may reach even on a private address (an internal data server).
  SFT_DATA_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
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
