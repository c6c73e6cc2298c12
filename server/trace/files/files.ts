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
  const insertChunk = db.prepare(
    "INSERT OR IGNORE INTO trace_file_chunks (project_id, digest, seq, bytes) VALUES (?, ?, ?, ?)",
  );
  const chunkAt = (seq: number) =>
    Buffer.from(
      content.buffer,
      content.byteOffset + seq * FILE_CHUNK_BYTES,
      Math.min(FILE_CHUNK_BYTES, content.byteLength - seq * FILE_CHUNK_BYTES),
    );
  await writeInSteps(
    db,
    Math.ceil(content.byteLength / FILE_CHUNK_BYTES),
    (seq) => chunkAt(seq).byteLength,
    (seq) => insertChunk.run(projectId, digest, seq, chunkAt(seq)),
  );
  db.prepare(
    "INSERT OR IGNORE INTO trace_files (project_id, digest, name, size_bytes, content, created_at) VALUES (?, ?, ?, ?, X'', ?)",
  ).run(projectId, digest, input.name, content.byteLength, input.now ?? Date.now());
  return { digest };
}

function fileExists(db: Database, projectId: string, digest: string): boolean {
  return (
    db.prepare("SELECT 1 FROM trace_files WHERE project_id = ? AND digest = ?").get(projectId, digest) !== undefined
  );
}

/**
 * `/file/content`: the stored bytes as a stream that reads one FILE_CHUNK_BYTES piece from the
 * database each time the client is ready for more (a file stored before the pieces existed has its
 * bytes in trace_files.content and is sent as they are). Joining a 31 MiB file's 31 pieces and
 * copying it into the answer would hold the event loop up; one piece is quick.
 * The file's row is read first: a 404 "File <digest> not found" (upstream's words) when the
 * project has none, before anything is sent. Stored pieces never change, so a stream that is read
 * slowly sends what was stored.
 */
export function readFile(
  db: Database,
  projectId: string,
  digest: string,
): { sizeBytes: number; stream: ReadableStream<Uint8Array> } {
  const file = db
    .prepare("SELECT size_bytes, content FROM trace_files WHERE project_id = ? AND digest = ?")
    .get(projectId, digest) as { size_bytes: number; content: Buffer } | undefined;
  if (!file) throw new ServiceError(404, `File ${echo(digest)} not found`, "not_found");
  const { size_bytes: sizeBytes, content } = file;
  if (content.byteLength > 0 || sizeBytes === 0) return { sizeBytes: content.byteLength, stream: streamOf(content) };
  const pieceAt = db
    .prepare("SELECT bytes FROM trace_file_chunks WHERE project_id = ? AND digest = ? AND seq = ?")
    .pluck();
  const pieces = Math.ceil(sizeBytes / FILE_CHUNK_BYTES);
  let seq = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = pieceAt.get(projectId, digest, seq) as Buffer | undefined;
        if (!piece) {
          controller.error(new Error(`file ${digest}: piece ${seq} of ${pieces} is missing`));
          return;
        }
        controller.enqueue(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
        seq += 1;
        if (seq === pieces) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { sizeBytes, stream };
}

/** `bytes` as a stream of one piece (none when empty). */
function streamOf(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      controller.close();
    },
  });
}
