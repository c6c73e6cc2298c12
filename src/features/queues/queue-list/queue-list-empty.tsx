import type { ReactNode } from "react";
import { EmptyState } from "@/components/empty-state";

/** No queues at all (and how queues come to be and are filled), or none matching the search. */
export function QueueListEmpty(props: { kind: "no-queues"; project: string } | { kind: "no-match"; name: string; action: ReactNode }) {
  if (props.kind === "no-match") {
    return <EmptyState title={`No queue name contains “${props.name}”`} description="The search ignores case and matches any part of the name." action={props.action} />;
  }
  return (
    <EmptyState
      title={`${props.project} has no annotation queues yet`}
      description={
        <>
          Create one with <strong className="font-medium text-fg">New queue</strong> above. Calls are added to a queue where they are recorded: in
          the Weave UI, select calls in a traces table and add them to a queue; or from the Weave SDK or the service&apos;s API (
          <code className="font-mono text-xs">POST /annotation_queues/&#123;id&#125;/items</code> with the call ids).
        </>
      }
    />
  );
}
