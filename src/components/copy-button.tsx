import { useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

/**
 * Copies `text` to the clipboard and says so in a polite live region ("Copied"), so screen reader
 * users hear the result; a failure (no clipboard permission) is announced as well.
 */
export function CopyButton({
  text,
  label = "Copy",
  className,
  showLabel = false,
  variant = "ghost",
}: {
  text: string;
  label?: string;
  className?: string;
  /** Shows `label` as the button's text instead of an icon-only button. */
  showLabel?: boolean;
  variant?: "ghost" | "secondary";
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = setTimeout(() => setState("idle"), 2000);
  };

  return (
    <>
      <Button
        size="sm"
        variant={variant}
        className={className}
        onClick={copy}
        aria-label={showLabel ? undefined : label}
        title={showLabel ? undefined : label}
        icon={state === "copied" ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      >
        {showLabel ? label : null}
      </Button>
      <output className="sr-only">
        {state === "copied"
          ? "Copied"
          : state === "failed"
            ? "Could not copy: select the text and copy it by hand"
            : ""}
      </output>
    </>
  );
}
