import * as z from "zod/mini";
import { readItem, writeItem, type StorageArea } from "@/lib/browser-storage";
import { parseOpRef } from "@/lib/op-refs";
import { CHAT_PATHS, type PathMapping } from "./conversation";

/**
 * The prompt and completion paths chosen for each op, remembered in local storage so the next
 * queue with the same op's calls starts with them. Keyed by the op without its version
 * (`weave:///entity/project/op/name`): a new version of an op usually keeps its inputs' shape.
 */
export const PATHS_STORAGE_KEY = "wbops.train-from-queue.paths.v1";

const path = z.string().check(z.minLength(1), z.maxLength(300));
const Stored = z.record(z.string().check(z.maxLength(500)), z.object({ prompt: path, completion: path }));
const MAX_REMEMBERED = 200;

/** The op a call's `op_name` names, without its version. */
export function opKey(opName: string): string {
  const parsed = parseOpRef(opName);
  return parsed ? `weave:///${parsed.entity}/${parsed.project}/op/${parsed.name}` : opName;
}

export function readRememberedPaths(area: StorageArea | undefined): Record<string, PathMapping> {
  const raw = readItem(area, PATHS_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed = Stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Stores an op's paths (the chat default is forgotten rather than stored); false when the browser refused. */
export function rememberPaths(area: StorageArea | undefined, opName: string, paths: PathMapping): boolean {
  const all = readRememberedPaths(area);
  const key = opKey(opName);
  delete all[key];
  // A path being typed may be empty for a moment; stored, it would fail the check on reading and
  // every op's paths would be forgotten. The op goes back to its suggestion until both are named.
  const named = paths.prompt.trim() !== "" && paths.completion.trim() !== "";
  if (named && (paths.prompt !== CHAT_PATHS.prompt || paths.completion !== CHAT_PATHS.completion))
    all[key] = { prompt: paths.prompt.slice(0, 300), completion: paths.completion.slice(0, 300) };
  // The most recent last; the oldest leave first past the bound.
  const entries = Object.entries(all).slice(-MAX_REMEMBERED);
  return writeItem(area, PATHS_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
}

/** The paths for an op's calls: remembered ones, else OpenAI chat's. */
export const pathsForOp =
  (remembered: Readonly<Record<string, PathMapping>>) =>
  (opName: string): PathMapping =>
    remembered[opKey(opName)] ?? CHAT_PATHS;
