import BetterSqlite3 from "better-sqlite3";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ObjCreateResponse } from "../../../contract/trace-objects";
import { DATABASE_FILE } from "../../runtime";
import { QUALITY_PROJECT, TRACE, TRAINABLE_BASE_MODEL, TRAINING, trajectoryGroup } from "../quality/fixtures";
import { allJobEvents, createQueueWithItems, httpClient, type HttpClient } from "../quality/http-client";
import { seedDataDir } from "../quality/seed-data-dir";
import { cleanUp, makeDataDir, startServerProcess } from "../server-process";
import { Cursor, isLargeBatch, startWriters, warmUploadWorker, type KillLoopTargets } from "./kill-loop-writers";
import { readBackDisagreements } from "./read-back";
import { WriteLedger } from "./write-ledger";

// The local services are SIGKILLed again and again on one data directory while eight writers
// answer calls, move items through their states, edit a queue, add to another, upload traces (as
// the weave SDKs do) and queue training jobs, with a long job running through the kills. After
// every restart, everything acknowledged before any of the kills is read back; at the end the
// running job has every step exactly once, every job ends, and SQLite finds the file intact.

afterEach(cleanUp);

const KILLS = 20;
/** Acknowledgements a round waits for before its kill, so each kill lands among writes. */
const ACKS_BEFORE_KILL = 12;
const JOBS_PER_ROUND = 2;
/** The job that runs through the kills: at 5 ms a step it needs several rounds of uptime. */
const LONG_JOB_STEPS = 1_500;
const CALLS = 1_000;
/** Restarts after which the upload worker is warmed (~1 s each): two, so later kills find large batches acknowledged. */
const WARM_WORKER_AFTER_KILLS = new Set([4, 12]);

/** A fixed sequence of pauses (ms), so every run kills at the same offsets after its acknowledgements. */
function pauses(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % 120;
  };
}

async function makeTargets(api: HttpClient, callIds: string[]): Promise<KillLoopTargets> {
  const { queueId, itemIds } = await createQueueWithItems(api, callIds.slice(0, 600));
  const { id: growingQueueId } = await api.ok<{ id: string }>(
    api.post(`${TRACE}/annotation_queues`, { project_id: QUALITY_PROJECT, name: "Growing queue" }),
  );
  const specName = "fault-rating";
  const { digest } = ObjCreateResponse.parse(
    await api.ok(
      api.post(`${TRACE}/obj/create`, {
        obj: {
          project_id: QUALITY_PROJECT,
          object_id: specName,
          val: { name: "Rating", field_schema: { type: "integer", minimum: 1, maximum: 5 } },
          builtin_object_class: "AnnotationSpec",
        },
      }),
    ),
  );
  const model = await api.ok<{ id: string }>(
    api.post(`${TRAINING}/preview/models`, { project: "quality", name: "kill-loop", base_model: TRAINABLE_BASE_MODEL }),
  );
  return {
    queueId,
    itemIds,
    growingQueueId,
    callIds,
    specName,
    specRef: `weave:///${QUALITY_PROJECT}/object/${specName}:${digest}`,
    modelId: model.id,
  };
}

describe("the local services killed again and again mid-write", () => {
  it(
    `lose no acknowledged answer, progress change, queue edit, uploaded trace or training job over ${KILLS} SIGKILLs on one data directory`,
    { timeout: 240_000 },
    async () => {
      const dataDir = makeDataDir();
      const callIds = seedDataDir(dataDir, CALLS);
      const env = { TRAINING_STEP_MS: "5", TRAINING_JOBS_PER_ENTITY: "1000000" };
      const ledger = new WriteLedger();
      const pause = pauses(38);

      let server = await startServerProcess(dataDir, env);
      let api = httpClient(server.url, undefined, 10_000);
      const targets = await makeTargets(api, callIds);
      const cursors = {
        answers: new Cursor(callIds),
        items: new Cursor(targets.itemIds),
        adds: new Cursor(callIds.toReversed()),
      };
      const longModel = await api.ok<{ id: string }>(
        api.post(`${TRAINING}/preview/models`, { project: "quality", name: "long", base_model: TRAINABLE_BASE_MODEL }),
      );
      const longJob = (
        await api.ok<{ id: string }>(
          api.post(`${TRAINING}/preview/training-jobs`, {
            model_id: longModel.id,
            trajectory_groups: Array.from({ length: LONG_JOB_STEPS }, () => trajectoryGroup()),
          }),
        )
      ).id;

      const inFlightAtKill: number[] = [];
      for (let kill = 1; kill <= KILLS; kill++) {
        ledger.newRound();
        const writers = startWriters(api, targets, ledger, cursors, JOBS_PER_ROUND);
        await vi.waitFor(() => expect(ledger.acks).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL), {
          timeout: 20_000,
          interval: 5,
        });
        await new Promise((resolve) => setTimeout(resolve, pause()));
        await server.stop("SIGKILL");
        await Promise.all(writers);
        inFlightAtKill.push(ledger.unanswered);
        expect(ledger.problems, `round ${kill}`).toEqual([]);

        server = await startServerProcess(dataDir, env);
        api = httpClient(server.url, undefined, 10_000);
        expect(await readBackDisagreements(api, targets, ledger), `after kill ${kill}`).toEqual([]);
        // Now and then the upload worker is started before the writers, so batches through it are
        // acknowledged, and a kill can land while it prepares one.
        if (WARM_WORKER_AFTER_KILLS.has(kill)) await warmUploadWorker(api, ledger);
      }

      const stepsDuringKills = (await allJobEvents(api, longJob)).filter((e) => e.type === "gradient_step").length;
      // The kills are over: what is left to prove is that every job ends with each step once, which
      // does not depend on the pace, so the last run takes the long job's remaining steps at 1 ms each
      // instead of waiting out a thousand 5 ms steps.
      await server.stop("SIGTERM");
      server = await startServerProcess(dataDir, { ...env, TRAINING_STEP_MS: "1" });
      api = httpClient(server.url, undefined, 10_000);
      const progressAcks = [...ledger.progressAcked.values()].reduce((n, states) => n + states.length, 0);
      console.info(
        `kill loop: ${KILLS} SIGKILLs; acknowledged and read back ${ledger.answers.size} answers, ` +
          `${progressAcks} progress changes, ${ledger.lastEditAcked + 1} queue edits, ${ledger.addsAcked.size} items ` +
          `added, ${ledger.batchesAcked.size} uploaded traces (${[...ledger.batchesAcked].filter(isLargeBatch).length} through the ` +
          `upload worker), ${ledger.jobs.length} training jobs; the long job ran ${stepsDuringKills} of ${LONG_JOB_STEPS} steps through the kills; ` +
          `requests in flight at each kill: ${inFlightAtKill.join(" ")}`,
      );
      // Every kill landed among writes: some requests never got their answer.
      expect(inFlightAtKill.filter((inFlight) => inFlight === 0)).toEqual([]);
      // The long job was running when some of the kills came.
      expect(stepsDuringKills).toBeGreaterThan(0);

      // No job hangs: the long one has run through the kills with every step once, and every acknowledged job ends.
      for (const jobId of [longJob, ...ledger.jobs]) {
        await vi.waitFor(async () => expect((await allJobEvents(api, jobId)).at(-1)?.type).toBe("training_ended"), {
          timeout: 60_000,
          interval: 100,
        });
      }
      const events = await allJobEvents(api, longJob);
      expect(events.filter((e) => e.type === "training_started")).toHaveLength(1);
      expect(events.filter((e) => e.type === "gradient_step").map((e) => e.data.step)).toEqual(
        Array.from({ length: LONG_JOB_STEPS }, (_, i) => i + 1),
      );
      await server.stop("SIGTERM");

      const db = new BetterSqlite3(join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(db.pragma("foreign_key_check")).toEqual([]);
        expect(db.prepare("SELECT id FROM training_jobs WHERE status IN ('queued', 'running')").all()).toEqual([]);
      } finally {
        db.close();
      }
    },
  );
});
