/** The jobs of a comparison, in the URL (`/training/compare?jobs=a,b,c`) so a comparison can be shared. */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 8;
const ID_MAX_LENGTH = 200;

export type CompareSelection = { ids: string[]; problem: string | null };

/**
 * The job ids of `?jobs=`: comma-separated, blanks and repeats dropped, in the order given. More
 * than eight keeps the first eight and says so; fewer than two says how to pick more.
 */
export function readCompareJobs(search: string): CompareSelection {
  const ids: string[] = [];
  let tooLong = 0;
  for (const part of rawJobsParam(search).split(",")) {
    const id = decodePart(part).trim();
    if (id === "" || ids.includes(id)) continue;
    if (id.length > ID_MAX_LENGTH) {
      tooLong += 1;
      continue;
    }
    ids.push(id);
  }
  if (tooLong > 0)
    return {
      ids: ids.slice(0, COMPARE_MAX),
      problem: `${tooLong === 1 ? "One job ID is" : `${tooLong} job IDs are`} longer than ${ID_MAX_LENGTH} characters and left out.`,
    };
  if (ids.length > COMPARE_MAX)
    return {
      ids: ids.slice(0, COMPARE_MAX),
      problem: `A comparison shows up to ${COMPARE_MAX} jobs: the first ${COMPARE_MAX} of the ${ids.length} given are shown.`,
    };
  if (ids.length < COMPARE_MIN)
    return { ids, problem: `Pick ${COMPARE_MIN} to ${COMPARE_MAX} jobs to compare (tick them in the jobs list).` };
  return { ids, problem: null };
}

/**
 * The address with `others` in place of every parameter but `jobs`, which is kept exactly as
 * written (URLSearchParams would encode the commas between its ids, which then read as one id).
 */
export function searchWithJobsKept(search: string, others: URLSearchParams): string {
  const jobs = search
    .replace(/^\?/, "")
    .split("&")
    .find((pair) => pair.startsWith("jobs="));
  const rest = new URLSearchParams(others);
  rest.delete("jobs");
  const parts = [jobs, rest.toString()].filter((part) => part !== undefined && part !== "");
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/**
 * `jobs` as written, before decoding: the commas between ids separate them, while a comma inside
 * an id arrives encoded (%2C), which URLSearchParams would decode first.
 */
function rawJobsParam(search: string): string {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (pair.startsWith("jobs=")) return pair.slice("jobs=".length);
  }
  return "";
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return part;
  }
}
