/** UTF-8 bytes of a JSON text, without copying it (what the request's body will weigh). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

const GROUP_OPEN = utf8Bytes('{"trajectories":[');
const GROUP_CLOSE = utf8Bytes("]}");
/** `{"model_id":"…","trajectory_groups":[` and `]}` around the groups, with a model id of up to 64 characters. */
const ENVELOPE = utf8Bytes('{"model_id":"","trajectory_groups":[]}') + 64;

/** A step of the measurement ends after this many milliseconds of work (as the build's steps). */
const STEP_MS = 20;

/**
 * What a job's request body with these groups will weigh, measured in steps (each `next()` about
 * STEP_MS of work) so 30 MB of trajectories never hold the page: an upper bound for a model id of
 * up to 64 characters. Run after the groups are built, apart from the build (bench: the build's
 * figures leave it out; it costs about as much again).
 */
export function* requestSizeSteps(
  groups: readonly { trajectories: readonly unknown[] }[],
): Generator<void, number, void> {
  let bytes = ENVELOPE + Math.max(0, groups.length - 1);
  let stepStart = performance.now();
  for (const group of groups) {
    bytes += GROUP_OPEN + GROUP_CLOSE + Math.max(0, group.trajectories.length - 1);
    for (const trajectory of group.trajectories) bytes += utf8Bytes(JSON.stringify(trajectory));
    if (performance.now() - stepStart > STEP_MS) {
      yield;
      stepStart = performance.now();
    }
  }
  return bytes;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** requestSizeSteps with the browser's next task between the steps. */
export async function measureRequest(
  groups: readonly { trajectories: readonly unknown[] }[],
  signal?: AbortSignal,
): Promise<number> {
  const steps = requestSizeSteps(groups);
  for (;;) {
    signal?.throwIfAborted();
    const step = steps.next();
    if (step.done) return step.value;
    await nextTask();
  }
}
