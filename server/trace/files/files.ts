import type { Database } from "better-sqlite3";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import { fileDigest } from "./digest";

/**
 * `/file/create`: stores the bytes under their digest in the project and returns it. The same
 * bytes again are the same file (stored once, under the name first given), as upstream.
 */
export function createFile(db: Database, input: { projectId: string; name: string; content: Uint8Array; now?: number }): { digest: string } {
  const digest = fileDigest(input.content);
  db.prepare("INSERT OR IGNORE INTO trace_files (project_id, digest, name, size_bytes, content, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    input.projectId,
    digest,
    input.name,
    input.content.byteLength,
    Buffer.from(input.content.buffer, input.content.byteOffset, input.content.byteLength),
    input.now ?? Date.now(),
  );
  return { digest };
}

/** `/file/content`: the stored bytes; a 404 "File <digest> not found" (upstream's words) when the project has none. */
export function readFile(db: Database, projectId: string, digest: string): Buffer {
  const content = db.prepare("SELECT content FROM trace_files WHERE project_id = ? AND digest = ?").pluck().get(projectId, digest) as Buffer | undefined;
  if (!content) throw new ServiceError(404, `File ${echo(digest)} not found`, "not_found");
  return content;
}
