import { LOCAL_DEMO_ACCOUNTS, LOCAL_DEMO_KEY, LOCAL_DEMO_PROJECT } from "@/connection/local-services";
import { Button } from "@/components/button";

type DemoAccount = (typeof LOCAL_DEMO_ACCOUNTS)[number];

/**
 * The local services' one-click sign-in: their demo key and project (never offered elsewhere), and
 * the demo entity's two annotators, so a team can be tried in a second browser. `savedKey` is the
 * key in use: its account has nothing to click, and the others say they switch.
 */
export function DemoAccountButton({ savedKey, onUse }: { savedKey: string; onUse: (account: DemoAccount) => void }) {
  const current = LOCAL_DEMO_ACCOUNTS.find((account) => account.key === savedKey);
  const account = (
    <>
      key <code className="font-mono text-xs">{current?.key ?? LOCAL_DEMO_KEY}</code>, project{" "}
      <code className="font-mono text-xs">{LOCAL_DEMO_PROJECT}</code>
    </>
  );
  const others = LOCAL_DEMO_ACCOUNTS.filter((candidate) => candidate !== current && candidate.key !== LOCAL_DEMO_KEY);
  return (
    <div className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 dark:border-sky-500/30 dark:bg-sky-500/10">
      {current ? (
        <p className="text-sm text-fg">
          These are the local reference services, and you are using their seeded demo account
          {current.key === LOCAL_DEMO_KEY ? "" : ` ${current.name} (${current.role})`}: {account}.
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-fg">
            These are the local reference services.{" "}
            {savedKey ? "Their seeded demo account" : "Try them with the seeded demo account"}: {account}.
          </p>
          <Button variant="primary" size="sm" onClick={() => onUse(LOCAL_DEMO_ACCOUNTS[0])}>
            {savedKey ? "Switch to the demo account" : "Use the demo account"}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span>To try a team, sign in as another of the demo&apos;s annotators in a second browser:</span>
        {current && current.key !== LOCAL_DEMO_KEY ? (
          <Button size="sm" variant="ghost" onClick={() => onUse(LOCAL_DEMO_ACCOUNTS[0])}>
            Use demo (the lead)
          </Button>
        ) : null}
        {others.map((other) => (
          <Button key={other.key} size="sm" variant="ghost" onClick={() => onUse(other)}>
            Use {other.name}
          </Button>
        ))}
      </div>
    </div>
  );
}
