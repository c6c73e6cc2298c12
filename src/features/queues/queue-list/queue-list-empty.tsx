import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "@/components/empty-state";
import { callsHref } from "../shared/links";

/** No queues at all (and how queues come to be and are filled), or none matching the search. */
export function QueueListEmpty(
  props: { kind: "no-queues"; project: string } | { kind: "no-match"; name: string; action: ReactNode },
) {
  if (props.kind === "no-match") {
    return (
      <EmptyState
        title={`No queue name contains “${props.name}”`}
        description="The search ignores case and matches any part of the name."
        action={props.action}
      />
    );
  }
  return (
    <EmptyState
      title={`${props.project} has no annotation queues yet`}
      description={
        <>
          Create one with <strong className="font-medium text-fg">New queue</strong> above, or start from the calls: on
          the Calls page, tick the calls to review and press{" "}
          <strong className="font-medium text-fg">Add to queue…</strong>, which can make a new queue on the spot. The
          calls are the ones your application recorded with the Weave SDK.
        </>
      }
      action={
        <Link to={callsHref(props.project)} className="text-sm font-medium text-link underline underline-offset-2">
          Choose calls on the Calls page
        </Link>
      }
    />
  );
}
