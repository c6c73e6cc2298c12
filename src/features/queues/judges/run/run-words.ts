import { formatCount } from "@/lib/number-format";
import type { CostEstimate } from "../model/cost-estimate";
import type { RunEnd } from "./run-judge";
import type { RunScope } from "./run-store";

/** A token count as people read a rough figure: 950, 12 k, 1.2 M. */
export function formatTokens(tokens: number): string {
  if (tokens < 1_000) return String(tokens);
  if (tokens < 1_000_000) return `${tokens < 10_000 ? (tokens / 1_000).toFixed(1) : Math.round(tokens / 1_000)} k`;
  return `${(tokens / 1_000_000).toFixed(1)} M`;
}

export const costWords = (cost: CostEstimate): string =>
  `≈ ${formatTokens(cost.promptTokens)} prompt tokens, at most ${formatTokens(cost.replyTokensMax)} reply tokens;` +
  " an estimate at 4 characters a token";

export function scopeWords(scope: RunScope): string {
  switch (scope.kind) {
    case "all":
      return "all calls";
    case "unanswered":
      return "calls no one answered";
    case "sample":
      return `a sample of ${formatCount(scope.size)}`;
    case "calls":
      return scope.label;
  }
}

/** How a run ended, in a sentence, with what to do next. */
export function endWords(end: RunEnd, done: number, total: number): string {
  switch (end.state) {
    case "finished":
      return `Finished: ${formatCount(done)} of ${formatCount(total)} calls judged.`;
    case "cancelled":
      return `Cancelled at ${formatCount(done)} of ${formatCount(total)}. Resume asks about the rest.`;
    case "paused":
      return `Paused at ${formatCount(done)} of ${formatCount(total)}: ${end.reason} Resume when the service answers again.`;
    case "stopped":
      return `Stopped: ${end.reason} Change the judge, then run again.`;
  }
}
