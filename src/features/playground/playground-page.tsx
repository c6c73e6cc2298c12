import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { inferenceQueries } from "@/api/queries/inference";
import { useApiClients } from "@/connection/api-clients";
import { useLocalServices } from "@/connection/use-local-services";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { ErrorPanel } from "@/components/error-panel";
import { InfoIcon, TrashIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { chatFailureTitle } from "./chat-errors";
import { buildChatRequest, DEFAULT_PARAMETERS, type ChatParameters, type ParameterErrors } from "./chat-request";
import { checkpointAddressError } from "@/features/training";
import { Composer } from "./composer";
import {
  chatMessages,
  continueMessages,
  isStreaming,
  lastReply,
  regenerateMessages,
  unansweredMessage,
  type Turn,
} from "./conversation";
import { conversationJson } from "./conversation-export";
import { ConversationView } from "./conversation-view";
import { ParametersPanel } from "./parameters-panel";
import { ReplyActions } from "./reply-actions";
import { ViewCodeButton } from "./view-code-dialog";
import { parsePlaygroundParams, withPlaygroundParams, type PlaygroundTarget } from "./playground-url-state";
import { TargetPicker } from "./target-picker";
import { useChatSession } from "./use-chat-session";

/** /playground: chat with a catalog model or a trained checkpoint, reply by reply. */
export function PlaygroundPage() {
  const [params, setParams] = useSearchParams();
  const target = parsePlaygroundParams(params);
  const { inference } = useApiClients();
  const models = useQuery({ ...inferenceQueries.models(inference), enabled: target.service === "inference" });
  const localServices = useLocalServices();
  const session = useChatSession();
  const [draft, setDraft] = useState("");
  const [parameters, setParameters] = useState<ChatParameters>(DEFAULT_PARAMETERS);
  const [parameterErrors, setParameterErrors] = useState<ParameterErrors>({});
  const [targetError, setTargetError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const { turns, failure } = session.state;
  const streaming = isStreaming(turns);

  const setTarget = (next: PlaygroundTarget) => {
    setParams((current) => withPlaygroundParams(current, next), { replace: true });
    // A checkpoint address is re-checked as it is corrected; a chosen model is always fine.
    setTargetError(next.service === "training" && targetError ? checkpointAddressError(next.model) : null);
  };

  const targetProblem = (): string | null => {
    if (target.service === "training") return checkpointAddressError(target.model);
    return target.model === "" ? "Choose a model to chat with." : null;
  };

  /** The request for the conversation plus `newMessage` (or for `messages` as given), or null after showing what to fix. */
  const prepare = (newMessage: string | null, messages = chatMessages(turns, parameters.systemPrompt)) => {
    const problem = targetProblem();
    setTargetError(problem);
    if (newMessage !== null) messages.push({ role: "user", content: newMessage });
    const built = buildChatRequest(target.model.trim(), parameters, messages);
    setParameterErrors(built.ok ? {} : built.errors);
    if (problem || !built.ok) return null;
    return { service: target.service, request: built.request };
  };

  const send = () => {
    const text = draft;
    if (text.trim() === "" || streaming) return;
    const request = prepare(text);
    if (!request) return;
    setDraft("");
    void session.send(text, request);
    composer.current?.focus();
  };

  const retry = () => {
    const request = prepare(null);
    if (request) void session.retry(request);
  };

  const reply = streaming ? undefined : lastReply(turns);
  const regenerate = () => {
    const request = reply ? prepare(null, regenerateMessages(turns, parameters.systemPrompt)) : null;
    if (reply && request) void session.regenerate(reply.id, request);
  };
  const continueReply = () => {
    const request = reply ? prepare(null, continueMessages(turns, parameters.systemPrompt)) : null;
    if (reply && request) void session.continueReply(reply.id, request);
  };

  const editFailed = () => {
    const text = session.takeBack();
    setDraft((current) => (current.trim() === "" ? text : `${text}\n\n${current}`));
    composer.current?.focus();
  };

  const canRetry = failure !== null && unansweredMessage(turns) !== undefined;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Playground"
        description="Chat with a model of the inference catalog, or with a checkpoint you trained, before wiring it into code."
        actions={
          <>
            <ViewCodeButton target={target} {...codeOf(target, parameters, turns, draft)} />
            <CopyButton
              text={conversationJson(target, parameters, turns)}
              label="Copy conversation as JSON"
              showLabel
              variant="secondary"
            />
            <Button
              size="sm"
              icon={<TrashIcon size={14} />}
              onClick={() => (turns.length === 0 && failure === null ? session.clear() : setConfirmClear(true))}
            >
              Clear conversation
            </Button>
          </>
        }
      />

      {localServices ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-amber-300/70 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-100"
        >
          <InfoIcon size={16} className="mt-0.5 shrink-0" />
          <span>
            <strong className="font-semibold">Simulated replies.</strong> The local services run no language model: each
            reply is a deterministic stand-in built from your last message, streamed word by word. Streaming, Stop,
            usage and errors are real.
          </span>
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="conversation-heading" className="min-w-0 space-y-4">
          <h2 id="conversation-heading" className="sr-only">
            Conversation
          </h2>
          <PanelErrorBoundary label="Conversation">
            {turns.length === 0 && failure === null ? (
              <p className="rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm text-fg-muted">
                Send a message to start. Replies stream in as they are generated; Stop ends one early.
              </p>
            ) : (
              <ConversationView turns={turns} />
            )}
            {reply ? (
              <div className="mt-3">
                <ReplyActions reply={reply} onRegenerate={regenerate} onContinue={continueReply} />
              </div>
            ) : null}
            {failure !== null ? (
              <div className="mt-3 space-y-2">
                <ErrorPanel error={failure} title={chatFailureTitle(failure)} onRetry={canRetry ? retry : undefined} />
                {canRetry ? (
                  <p className="text-xs text-fg-muted">
                    Your message is kept: Retry sends it again, or{" "}
                    <button type="button" onClick={editFailed} className="text-link underline underline-offset-2">
                      edit the message
                    </button>{" "}
                    first.
                  </p>
                ) : null}
              </div>
            ) : null}
          </PanelErrorBoundary>
          <output className="sr-only">{streaming ? "Generating a reply…" : replyStatusText(turns.at(-1))}</output>
          <Composer
            value={draft}
            onChange={setDraft}
            onSend={send}
            onStop={session.stop}
            streaming={streaming}
            textareaRef={composer}
          />
        </section>

        <aside aria-label="Chat settings" className="space-y-5 lg:border-l lg:border-line lg:pl-6">
          <TargetPicker
            target={target}
            onChange={setTarget}
            models={models}
            modelError={target.service === "inference" ? targetError : null}
            checkpointError={target.service === "training" ? targetError : null}
            onCheckpointBlur={() => target.model !== "" && setTargetError(checkpointAddressError(target.model))}
            disabled={false}
          />
          <ParametersPanel parameters={parameters} errors={parameterErrors} onChange={setParameters} disabled={false} />
        </aside>
      </div>

      <ConfirmDialog
        open={confirmClear}
        title="Clear the conversation?"
        description="Every message and reply on this page is removed. Copy it as JSON first to keep it."
        confirmLabel="Clear"
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          session.clear();
        }}
      />
    </div>
  );
}

/** What "View code" shows: the conversation, the message being typed, and the settings when they are valid. */
function codeOf(target: PlaygroundTarget, parameters: ChatParameters, turns: readonly Turn[], draft: string) {
  const messages = chatMessages(turns, parameters.systemPrompt);
  const withDraft = draft.trim() !== "";
  if (withDraft) messages.push({ role: "user", content: draft });
  const built = buildChatRequest(target.model.trim(), parameters, messages);
  const targetProblem =
    target.service === "training"
      ? checkpointAddressError(target.model)
      : target.model.trim() === ""
        ? "Choose a model first: the code names none."
        : null;
  const problem =
    targetProblem ??
    (built.ok ? null : "The temperature or token limit is out of range, so the code leaves them out.") ??
    (messages.length === 0 ? "Nothing to send yet: type a message and the code includes it." : null);
  return {
    problem,
    withDraft,
    chat: {
      messages,
      temperature: built.ok ? (built.request.temperature ?? undefined) : undefined,
      max_tokens: built.ok ? (built.request.max_tokens ?? undefined) : undefined,
    },
  };
}

function replyStatusText(turn: Turn | undefined): string {
  if (!turn || turn.role !== "assistant") return "";
  if (turn.status === "stopped") return "Reply stopped.";
  if (turn.status === "failed") return "The reply failed part-way.";
  return "Reply complete.";
}
