/**
 * What JavaScript ran inside given windows of a Chrome trace recorded with the `disabled-by-default-v8.cpu_profiler`
 * category: the V8 sampling profiler's samples of the renderer (its `Profile` and `ProfileChunk` events, on the trace's
 * clock), attributed to the function each sample was in (self) and to every function on its stack (inclusive). Used by
 * review-trace.ts with PROFILE=1 to name the code inside a key's handling; read it on a build without minification
 * (`npx vite build --minify false --outDir /tmp/dist-named`), or the names are the minifier's.
 */

type ProfileNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
export type ProfileTraceEvent = {
  name: string;
  ts: number;
  pid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
};
type Sample = { at: number; node: number };

/** Milliseconds per function, per window, highest first. */
export type HandlerProfile = { self: [string, number][]; inclusive: [string, number][]; sampledMs: number };

function samplesOf(
  events: readonly ProfileTraceEvent[],
  pid: number,
): { samples: Sample[]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const clock = new Map<string, number>();
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.pid !== pid) continue;
    const data = event.args?.data ?? {};
    if (event.name === "Profile") clock.set(event.id ?? "", Number(data.startTime));
    if (event.name !== "ProfileChunk") continue;
    const profile = (data.cpuProfile ?? {}) as { nodes?: ProfileNode[]; samples?: number[] };
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = (data.timeDeltas ?? []) as number[];
    let at = clock.get(event.id ?? "") ?? 0;
    (profile.samples ?? []).forEach((node, index) => {
      at += deltas[index] ?? 0;
      samples.push({ at, node });
    });
    clock.set(event.id ?? "", at);
  }
  return { samples, nodes };
}

/** The JavaScript in `windows` (trace microseconds, [start, end]) of renderer `pid`, averaged over the windows. */
export function profileWithin(
  events: readonly ProfileTraceEvent[],
  pid: number,
  windows: readonly [number, number][],
): HandlerProfile {
  const { samples, nodes } = samplesOf(events, pid);
  const nameOf = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return "(unknown)";
    const where = frame.url ? ` ${frame.url.split("/").pop()}:${(frame.lineNumber ?? 0) + 1}` : "";
    return `${frame.functionName || "(anonymous)"}${where}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let sampled = 0;
  for (let i = 0; i + 1 < samples.length; i++) {
    const sample = samples[i]!;
    if (!windows.some(([start, end]) => sample.at >= start && sample.at <= end)) continue;
    const took = samples[i + 1]!.at - sample.at;
    sampled += took;
    self.set(nameOf(sample.node), (self.get(nameOf(sample.node)) ?? 0) + took);
    // Each function once per sample, however deep it recurses.
    const onStack = new Set<string>();
    for (let node: number | undefined = sample.node; node !== undefined; node = nodes.get(node)?.parent) {
      onStack.add(nameOf(node));
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + took);
  }
  const perWindow = (totals: Map<string, number>): [string, number][] =>
    [...totals]
      .map(([name, us]): [string, number] => [name, us / 1000 / Math.max(1, windows.length)])
      .sort((a, b) => b[1] - a[1]);
  return {
    self: perWindow(self),
    inclusive: perWindow(inclusive),
    sampledMs: sampled / 1000 / Math.max(1, windows.length),
  };
}
