/** Wall-clock and CPU milliseconds of one synchronous call (CPU time is what a busy machine distorts least). */
export function timeSync<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = fn();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, wall, cpu: (used.user + used.system) / 1000 };
}

export async function timeAsync<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, wall, cpu: (used.user + used.system) / 1000 };
}
