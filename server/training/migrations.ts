import type { Migration } from "../db/migrations";

/**
 * Schema of the training service. Internal columns (status, steps_done, created_at) are never
 * sent to clients: the real service exposes a job's state only through its events.
 */
export const TRAINING_MIGRATIONS: Migration[] = [
  {
    id: "training/001_models_jobs_checkpoints",
    sql: `
      CREATE TABLE training_models (
        id TEXT PRIMARY KEY,
        entity TEXT NOT NULL,
        project TEXT NOT NULL,
        name TEXT NOT NULL,
        base_model TEXT NOT NULL,
        run_id TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (entity, project, name)
      );

      CREATE TABLE training_checkpoints (
        id TEXT PRIMARY KEY,
        model_id TEXT NOT NULL REFERENCES training_models(id) ON DELETE CASCADE,
        step INTEGER NOT NULL,
        job_id TEXT,
        metrics TEXT NOT NULL, -- JSON object of numbers
        created_at TEXT NOT NULL,
        UNIQUE (model_id, step)
      );

      CREATE TABLE training_jobs (
        id TEXT PRIMARY KEY,
        model_id TEXT NOT NULL REFERENCES training_models(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('rl', 'sft')),
        -- queued: no event yet; running: training_started written; succeeded/failed: final event written
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
        -- RL: the first malformed trajectory found when the job was accepted (reported by the runner)
        prepare_error TEXT,
        -- SFT: where the training data comes from, and the batch size asked for
        training_data_url TEXT,
        batch_size INTEGER,
        config TEXT NOT NULL DEFAULT '{}', -- JSON: learning rate(s) and experimental config
        num_items INTEGER NOT NULL DEFAULT 0, -- RL: trajectory groups; SFT: dataset rows (known once prepared)
        num_steps INTEGER,                    -- gradient steps, known once training started
        first_step INTEGER,                   -- model step number of the first gradient step
        steps_done INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX training_jobs_active ON training_jobs (status, created_at) WHERE status IN ('queued', 'running');
      CREATE INDEX training_jobs_model ON training_jobs (model_id);

      -- The job's training data, one row per RL trajectory group or SFT example, so that a step
      -- reads only what it trains on.
      CREATE TABLE training_job_items (
        job_id TEXT NOT NULL REFERENCES training_jobs(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        payload TEXT NOT NULL, -- JSON
        PRIMARY KEY (job_id, idx)
      ) WITHOUT ROWID;

      -- seq orders events across all jobs; the public id is derived from it ("evt_" + padded seq).
      CREATE TABLE training_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL REFERENCES training_jobs(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        data TEXT NOT NULL, -- JSON object
        created_at TEXT NOT NULL
      );
      CREATE INDEX training_events_job ON training_events (job_id, seq);

      CREATE TABLE training_logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        model_id TEXT NOT NULL REFERENCES training_models(id) ON DELETE CASCADE,
        split TEXT NOT NULL,
        trajectory_groups TEXT NOT NULL, -- JSON, as sent
        metrics TEXT NOT NULL,           -- JSON, as computed
        created_at TEXT NOT NULL
      );
      CREATE INDEX training_logs_model ON training_logs (model_id);

      -- Local stand-in for W&B dataset artifacts that SFT jobs read (wandb-artifact:///e/p/name:vN).
      CREATE TABLE training_datasets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entity TEXT NOT NULL,
        project TEXT NOT NULL,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (entity, project, name, version)
      );
      CREATE TABLE training_dataset_rows (
        dataset_id INTEGER NOT NULL REFERENCES training_datasets(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        payload TEXT NOT NULL, -- JSON: {"messages": [...]}
        PRIMARY KEY (dataset_id, idx)
      ) WITHOUT ROWID;
    `,
  },
  {
    // Event ids were "evt_" + the global sequence, so one tenant's ids told how many events every
    // other job had written. Each job now numbers its own events from 1; the
    // public id is derived from that number, and cursors are looked up per job.
    id: "training/002_events_numbered_per_job",
    sql: `
      ALTER TABLE training_events ADD COLUMN job_seq INTEGER;
      UPDATE training_events SET job_seq = (
        SELECT COUNT(*) FROM training_events e WHERE e.job_id = training_events.job_id AND e.seq <= training_events.seq);
      CREATE UNIQUE INDEX training_events_job_seq ON training_events (job_id, job_seq);
    `,
  },
  {
    // Job items and dataset rows were WITHOUT ROWID tables. Those keep each whole row in an index
    // b-tree, whose interior pages hold whole keys: one 32 MB trajectory group there made every
    // later insert near it read the 32 MB again, and storing the next large job (7,200 groups)
    // never finished, the server stuck at 100% CPU. As rowid tables the payload stays in the
    // leaves, and (job_id, idx) is a small separate index.
    id: "training/003_large_payload_tables_with_rowid",
    sql: `
      CREATE TABLE training_job_items_rowid (
        job_id TEXT NOT NULL REFERENCES training_jobs(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        payload TEXT NOT NULL, -- JSON
        UNIQUE (job_id, idx)
      );
      INSERT INTO training_job_items_rowid (job_id, idx, payload) SELECT job_id, idx, payload FROM training_job_items ORDER BY job_id, idx;
      DROP TABLE training_job_items;
      ALTER TABLE training_job_items_rowid RENAME TO training_job_items;

      CREATE TABLE training_dataset_rows_rowid (
        dataset_id INTEGER NOT NULL REFERENCES training_datasets(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        payload TEXT NOT NULL, -- JSON: {"messages": [...]}
        UNIQUE (dataset_id, idx)
      );
      INSERT INTO training_dataset_rows_rowid (dataset_id, idx, payload) SELECT dataset_id, idx, payload FROM training_dataset_rows ORDER BY dataset_id, idx;
      DROP TABLE training_dataset_rows;
      ALTER TABLE training_dataset_rows_rowid RENAME TO training_dataset_rows;
    `,
  },
  {
    // A log's trajectory groups were one JSON array in one row: storing a 32 MiB log was one write
    // that held the event loop for all of it. Each group is now a row of its own, so
    // the groups are stored in steps (writeInSteps), as an RL job's are.
    id: "training/004_log_groups_one_row_each",
    sql: `
      CREATE TABLE training_log_groups (
        log_id INTEGER NOT NULL REFERENCES training_logs(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        payload TEXT NOT NULL, -- JSON: one trajectory group, as sent
        UNIQUE (log_id, idx)
      );
      INSERT INTO training_log_groups (log_id, idx, payload)
        SELECT l.id, g.key, g.value FROM training_logs l, json_each(l.trajectory_groups) g ORDER BY l.id, g.key;
      ALTER TABLE training_logs DROP COLUMN trajectory_groups;
    `,
  },
  {
    // A log is an evaluation of the model as it stood: the step of its latest checkpoint then
    // (0 before any), so the dashboard can draw validation metrics beside the training steps.
    // Logs written before this have no step (NULL) and are not drawn.
    id: "training/005_log_step",
    sql: `
      ALTER TABLE training_logs ADD COLUMN step INTEGER;
      CREATE INDEX training_logs_model_split ON training_logs (model_id, split, id);
    `,
  },
];
