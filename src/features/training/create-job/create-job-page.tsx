import { useSearchParams } from "react-router-dom";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { cn } from "@/lib/cn";
import { TrainingPage } from "../training-page";
import { RlJobForm } from "./rl-job-form";
import { SftJobForm } from "./sft-job-form";

const KINDS = [
  { id: "rl", label: "RL", hint: "from scored trajectory groups" },
  { id: "sft", label: "SFT", hint: "from a dataset of chat examples" },
] as const;

/** /training/jobs/new?kind=rl|sft&model=<id>: start a job; its page opens once the service accepts it. */
export function CreateJobPage() {
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind") === "sft" ? "sft" : "rl";
  const modelId = params.get("model") ?? "";
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <TrainingPage>
      <PageHeader
        title="New training job"
        description="RL trains on trajectory groups you scored; SFT on example conversations. Each gradient step saves a checkpoint you can chat with."
      />
      <fieldset className="max-w-md">
        <legend className="mb-1.5 text-sm font-medium text-fg">Kind of job</legend>
        <div className="grid grid-cols-2 gap-1 rounded-md border border-line-strong bg-subtle p-0.5">
          {KINDS.map((k) => (
            <label
              key={k.id}
              className={cn(
                "flex cursor-pointer flex-col rounded px-2 py-1.5 text-center text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
                kind === k.id ? "bg-surface text-fg shadow-sm" : "text-fg-muted hover:text-fg",
              )}
            >
              <input
                type="radio"
                name="job-kind"
                value={k.id}
                checked={kind === k.id}
                onChange={() => update({ kind: k.id })}
                className="sr-only"
              />
              <span className="text-sm font-semibold">{k.label}</span>
              <span>{k.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="max-w-4xl rounded-lg border border-line bg-surface p-5">
        <PanelErrorBoundary label="Job form">
          {kind === "rl" ? (
            <RlJobForm key="rl" modelId={modelId} onModelChange={(id) => update({ model: id })} />
          ) : (
            <SftJobForm key="sft" modelId={modelId} onModelChange={(id) => update({ model: id })} />
          )}
        </PanelErrorBoundary>
      </div>
    </TrainingPage>
  );
}
