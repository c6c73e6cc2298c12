import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

const ignore = () => {};

/** Asks before a destructive action; Cancel has focus first so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = true,
  onConfirm,
  onCancel,
  busy = false,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is under way: the confirm button spins and neither button acts. */
  busy?: boolean;
  /** Shown above the buttons, e.g. why the last attempt failed. */
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      description={description}
      onClose={busy ? ignore : onCancel}
      initialFocus="[data-cancel]"
    >
      {children ? <div className="mb-4">{children}</div> : null}
      <div className="flex justify-end gap-2">
        <Button data-cancel="" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? "danger" : "primary"} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
