import { UntrustedText } from "@/components/untrusted-text";

/** An annotator's user id as the service records it, "(you)" after the caller's own. */
export function AnnotatorName({ id, me }: { id: string; me: string | null }) {
  return (
    <>
      <UntrustedText text={id} />
      {id === me ? <span className="text-fg-muted"> (you)</span> : null}
    </>
  );
}

export const annotatorLabel = (id: string, me: string | null): string => (id === me ? `${id} (you)` : id);
