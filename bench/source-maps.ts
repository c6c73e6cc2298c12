import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Where a build would give its sources away: `.map` files, and `sourceMappingURL` comments in
 * scripts and styles. A production build has none unless source maps were asked for
 * (SOURCE_MAPS=1, vite.config.ts): served, they would hand out the dashboard's full source.
 */
export function sourceMapTraces(dir: string): string[] {
  const traces: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".map")) traces.push(`${relative(dir, path)}: a source map`);
      else if (/\.(m?js|css|html)$/.test(entry.name) && readFileSync(path, "utf8").includes("sourceMappingURL")) {
        traces.push(`${relative(dir, path)}: a sourceMappingURL comment`);
      }
    }
  };
  walk(dir);
  return traces;
}
