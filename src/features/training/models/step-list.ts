/** Steps typed as "4, 7-9 12": numbers and inclusive ranges; sorted, without repeats. */
export function parseStepList(
  text: string,
  maxSteps = 10_000,
): { ok: true; steps: number[] } | { ok: false; error: string } {
  const steps = new Set<number>();
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(token);
    if (!range) return { ok: false, error: `'${token}' is not a step number or a range like 4-9.` };
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) return { ok: false, error: `The range '${token}' runs backwards.` };
    if (to - from + 1 + steps.size > maxSteps)
      return { ok: false, error: `That is more than ${maxSteps.toLocaleString("en-US")} steps at once.` };
    for (let step = from; step <= to; step += 1) steps.add(step);
  }
  if (steps.size === 0) return { ok: false, error: "Enter at least one step, e.g. 4, 7-9." };
  return { ok: true, steps: [...steps].sort((a, b) => a - b) };
}

/** "3, 5, 7-9" from steps, for reports. */
export function formatStepList(steps: readonly number[]): string {
  const sorted = [...new Set(steps)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return parts.join(", ");
}
