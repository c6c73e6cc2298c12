/** "entity/project/name" typed by a user, or null with why not. */
export function parseModelPath(
  text: string,
): { ok: true; value: { entity: string; project: string; name: string } | null } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: null };
  const parts = trimmed.split("/");
  if (parts.length !== 3 || parts.some((p) => !/^[\w.-]+$/.test(p))) {
    return { ok: false, error: "Write it as entity/project/name, e.g. demo/support-bot/support-rl." };
  }
  const [entity, project, name] = parts as [string, string, string];
  return { ok: true, value: { entity, project, name } };
}
