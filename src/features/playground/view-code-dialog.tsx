import { useState } from "react";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { CodeIcon } from "@/components/icons";
import { KEY_ENV_VAR, SnippetTabs, snippetBaseUrl, type SnippetChat } from "@/features/models";
import { useSettings } from "@/connection/settings-context";
import type { PlaygroundTarget } from "./playground-url-state";

/**
 * Code wants width: up to 64rem, never wider than the window less its margin (the frame's padding),
 * taller content scrolling inside. Long lines scroll sideways inside their <pre>; min-w-0 keeps a
 * long line from widening the dialog instead. `sm:` so it wins over the dialog's own max-w-md.
 */
const WIDE_DIALOG = "min-w-0 sm:max-w-5xl max-h-[calc(100dvh-2rem)] overflow-y-auto";

/**
 * "View code": the conversation on screen as a request to run elsewhere (curl, Python and
 * TypeScript `openai`), to the service and model chosen here. The key is never in it: every
 * snippet reads it from an environment variable.
 */
export function ViewCodeButton({
  target,
  chat,
  withDraft,
  problem,
}: {
  target: PlaygroundTarget;
  chat: SnippetChat;
  withDraft: boolean;
  problem: string | null;
}) {
  const [open, setOpen] = useState(false);
  const { connection } = useSettings();
  const inference = target.service === "inference";
  const baseUrl = snippetBaseUrl(inference ? connection.inferenceBaseUrl : connection.trainingBaseUrl);
  const project = inference ? connection.inferenceProject : "";
  return (
    <>
      <Button size="sm" icon={<CodeIcon size={14} />} onClick={() => setOpen(true)}>
        View code
      </Button>
      <Dialog open={open} title="This conversation as code" onClose={() => setOpen(false)} className={WIDE_DIALOG}>
        <div className="space-y-3 text-sm">
          <p className="text-xs text-fg-muted">
            The {inference ? "inference" : "training"} service at your configured address, with the system prompt, every
            message and reply so far{withDraft ? " and the message being typed" : ""}, and the temperature and token
            limit set here. The key is read from the <code className="font-mono">{KEY_ENV_VAR}</code> environment
            variable, never written into the code.
          </p>
          {problem ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:border-amber-400/30 dark:bg-amber-500/10 dark:text-amber-100">
              {problem}
            </p>
          ) : null}
          <SnippetTabs input={{ baseUrl, modelId: target.model.trim(), project, chat }} />
          <div className="flex justify-end">
            <Button onClick={() => setOpen(false)}>Close</Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
