import type { Database } from "better-sqlite3";
import { writeInSteps } from "../../db/write-in-steps";
import { echo } from "../../http/echo";
import { ServiceError } from "../../http/errors";
import type { PreparedFile } from "./prepare-file";

/** A file's content is stored in pieces of this many bytes, one write step each (see writeInSteps). */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * `/file/create`: stores the bytes under their digest (computed with the form: prepare-file.ts) in
 * the project and returns it. The same bytes again are the same file (stored once, under the name
 * first given), as upstream. The content goes in FILE_CHUNK_BYTES pieces with the event loop free
 * between them, then the file's row, which is what readers look for: a file cut off half-written
 * is not seen, and writing its pieces again writes the same thing.
 */
export async function createFile(db: Database, input: PreparedFile & { now?: number }): Promise<{ digest: string }> {
  const { projectId, digest, content } = input;
  if (fileExists(db, projectId, digest)) return { digest };
  const insertChunk = db.prepare("INSERT OR IGNORE INTO trace_file_chunks (project_id, digest, seq, bytes) VALUES (?, ?, ?, ?)");
  const chunkAt = (seq: number) => Buffer.from(content.buffer, content.byteOffset + seq * FILE_CHUNK_BYTES, Math.min(FILE_CHUNK_BYTES, content.byteLength - seq * FILE_CHUNK_BYTES));
  await writeInSteps(db, Math.ceil(content.byteLength / FILE_CHUNK_BYTES), (seq) => chunkAt(seq).byteLength, (seq) => insertChunk.run(projectId, digest, seq, chunkAt(seq)));
  db.prepare("INSERT OR IGNORE INTO trace_files (project_id, digest, name, size_bytes, content, created_at) VALUES (?, ?, ?, ?, X'', ?)").run(
    projectId,
    digest,
    input.name,
    content.byteLength,
    input.now ?? Date.now(),
  );
  return { digest };
}

function fileExists(db: Database, projectId: string, digest: string): boolean {
  return db.prepare("SELECT 1 FROM trace_files WHERE project_id = ? AND digest = ?").get(projectId, digest) !== undefined;
}

/**
 * `/file/content`: the stored bytes (its pieces joined; a file stored before they existed has its
 * bytes in trace_files.content); a 404 "File <digest> not found" (upstream's words) when the
 * project has none.
 */
export function readFile(db: Database, projectId: string, digest: string): Buffer {
  const content = db.prepare("SELECT content FROM trace_files WHERE project_id = ? AND digest = ?").pluck().get(projectId, digest) as Buffer | undefined;
  if (!content) throw new ServiceError(404, `File ${echo(digest)} not found`, "not_found");
  if (content.byteLength > 0) return content;
  const chunks = db.prepare("SELECT bytes FROM trace_file_chunks WHERE project_id = ? AND digest = ? ORDER BY seq").pluck().all(projectId, digest) as Buffer[];
  return Buffer.concat(chunks);
}
