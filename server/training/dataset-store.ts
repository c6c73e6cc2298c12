import type { Database } from "better-sqlite3";
import { writeTransaction } from "../db/write-transaction";

/** A parsed `wandb-artifact:///<entity>/<project>/<name>[:version]` address. */
export type ArtifactAddress = { entity: string; project: string; name: string; version?: string };

const ARTIFACT_URL = /^wandb-artifact:\/\/\/([^/\s]+)\/([^/\s]+)\/([^/\s:]+)(?::([^/\s]+))?$/;

export function parseArtifactUrl(url: string): ArtifactAddress | undefined {
  const match = ARTIFACT_URL.exec(url);
  if (!match) return undefined;
  const [, entity = "", project = "", name = "", version] = match;
  return version === undefined ? { entity, project, name } : { entity, project, name, version };
}

/**
 * The rows of a dataset artifact, or undefined when there is no such artifact. As in W&B, the
 * version is `v<N>`, `latest`, or absent (meaning latest).
 */
export function datasetRows(db: Database, address: ArtifactAddress): unknown[] | undefined {
  const base = "SELECT id FROM training_datasets WHERE entity = @entity AND project = @project AND name = @name";
  const params = { entity: address.entity, project: address.project, name: address.name };
  let dataset: { id: number } | undefined;
  if (address.version === undefined || address.version === "latest") {
    dataset = db.prepare<typeof params, { id: number }>(`${base} ORDER BY version DESC LIMIT 1`).get(params);
  } else {
    const version = /^v(\d+)$/.exec(address.version)?.[1];
    if (version === undefined) return undefined;
    dataset = db
      .prepare<typeof params & { version: number }, { id: number }>(`${base} AND version = @version`)
      .get({ ...params, version: Number(version) });
  }
  if (!dataset) return undefined;
  return db
    .prepare<[number], { payload: string }>(
      "SELECT payload FROM training_dataset_rows WHERE dataset_id = ? ORDER BY idx",
    )
    .all(dataset.id)
    .map((row) => JSON.parse(row.payload) as unknown);
}

/** Stores a dataset version (used by the seed; the real service reads W&B artifacts). */
export function insertDataset(
  db: Database,
  address: Required<ArtifactAddress>,
  rows: readonly unknown[],
  now: Date,
): void {
  const version = /^v(\d+)$/.exec(address.version)?.[1];
  if (version === undefined) throw new Error(`dataset version must look like v<N>, got '${address.version}'`);
  writeTransaction(db, () => {
    const { lastInsertRowid } = db
      .prepare("INSERT INTO training_datasets (entity, project, name, version, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(address.entity, address.project, address.name, Number(version), now.toISOString());
    const insertRow = db.prepare("INSERT INTO training_dataset_rows (dataset_id, idx, payload) VALUES (?, ?, ?)");
    rows.forEach((row, idx) => insertRow.run(lastInsertRowid, idx, JSON.stringify(row)));
  });
}
