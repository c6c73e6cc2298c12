import { CopyButton } from "@/components/copy-button";
import { ExternalLinkIcon } from "@/components/icons";
import { LOCAL_DEMO_KEY } from "@/connection/local-services";
import { WANDB_API_KEYS_URL } from "@/lib/docs-links";

/** Where a key comes from: W&B's user settings, or the demo key on the local services. */
export function KeyHelp({ localServices }: { localServices: boolean }) {
  return (
    <span className="block space-y-1">
      <span className="block">
        Create or copy a key in W&amp;B under <strong className="font-medium text-fg">User settings → API keys</strong>{" "}
        <a
          href={WANDB_API_KEYS_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-0.5 text-link underline underline-offset-2"
        >
          wandb.ai/authorize
          <ExternalLinkIcon size={11} />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        . The key is sent only to the three service addresses below, in a header.
      </span>
      {localServices ? (
        <span className="flex items-center gap-1">
          Local services: use the demo key{" "}
          <code className="rounded bg-subtle px-1 py-0.5 font-mono text-fg">{LOCAL_DEMO_KEY}</code>
          <CopyButton text={LOCAL_DEMO_KEY} label="Copy demo key" />
        </span>
      ) : null}
    </span>
  );
}
