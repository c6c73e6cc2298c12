import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";

/** "Forget key", after a confirmation, since the key may not be at hand to enter again. */
export function ForgetKeyButton({ onForget, disabled }: { onForget: () => void; disabled?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="text-red-700 dark:text-red-400"
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        Forget key
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Forget the API key?"
        description="The key is removed from this browser: from local storage, session storage and memory. You will need to enter it again to use the services."
        confirmLabel="Forget key"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onForget();
        }}
      />
    </>
  );
}
