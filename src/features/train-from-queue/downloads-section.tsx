import { useState } from "react";
import { Button } from "@/components/button";
import { Section } from "@/components/section";
import { TextField } from "@/components/text-field";
import { downloadFile } from "@/lib/download-file";
import { countOf } from "@/lib/number-format";
import type { Selection } from "./trajectories/build-groups";
import { groupsJsonl, sftJsonl } from "./trajectories/downloads";

const fileSafe = (name: string) =>
  name
    .replace(/[^\w.-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "queue";

/** The same selection as files: the groups (for the new-job form or ART), and an SFT chat dataset of the calls whose reward passes a threshold. */
export function DownloadsSection({
  selection,
  queueName,
  threshold,
  onThreshold,
}: {
  selection: Selection | null;
  queueName: string;
  threshold: string;
  onThreshold: (value: string) => void;
}) {
  const [said, setSaid] = useState("");
  const value = Number(threshold);
  const thresholdError =
    threshold.trim() === "" || !Number.isFinite(value)
      ? "Type a number: calls whose reward is at least this are kept."
      : null;
  const base = fileSafe(queueName);
  return (
    <Section title="Downloads">
      <div className="flex flex-wrap items-end gap-4">
        <Button
          disabled={!selection || selection.groups.length === 0}
          onClick={() => {
            if (!selection) return;
            downloadFile(groupsJsonl(selection.groups), `${base}-trajectory-groups.jsonl`, "application/x-ndjson");
            setSaid(`Downloaded ${countOf(selection.groups.length, "group")} as JSONL.`);
          }}
        >
          Download trajectory groups (JSONL)
        </Button>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label="SFT: reward at least"
            value={threshold}
            onChange={(event) => onThreshold(event.target.value)}
            error={thresholdError}
            inputMode="decimal"
            className="w-40"
            maxLength={30}
          />
          <Button
            disabled={!selection || thresholdError !== null}
            onClick={() => {
              if (!selection || thresholdError !== null) return;
              const { text, examples } = sftJsonl(selection.all, value);
              if (examples === 0) {
                setSaid(`No call has a reward of at least ${value}: nothing to download.`);
                return;
              }
              downloadFile(text, `${base}-sft-chat.jsonl`, "application/x-ndjson");
              setSaid(
                `Downloaded ${countOf(examples, "chat example")} (of ${countOf(selection.all.length, "usable call")}).`,
              );
            }}
          >
            Download SFT dataset (JSONL)
          </Button>
        </div>
      </div>
      <p className="text-xs text-fg-muted">
        The SFT dataset is OpenAI's chat fine-tuning format, one <code>{"{messages}"}</code> per line, from every usable
        call (grouped or not).
      </p>
      <output aria-live="polite" className="block text-sm text-fg">
        {said}
      </output>
    </Section>
  );
}
