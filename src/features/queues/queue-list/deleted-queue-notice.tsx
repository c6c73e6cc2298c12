import { useLocation, useNavigate } from "react-router-dom";
import { Button } from "@/components/button";
import { CheckCircleIcon } from "@/components/icons";
import { UntrustedText } from "@/components/untrusted-text";
import { isQueueListNotice } from "../queue-manage/queue-actions";

/** "Deleted the queue X", after a delete (the navigation's state carries the name); Dismiss clears it. */
export function DeletedQueueNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = isQueueListNotice(location.state) ? location.state : null;
  return (
    <output className="block empty:hidden">
      {notice ? (
        <span className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line bg-subtle px-3 py-2 text-sm">
          <span className="flex items-start gap-2 text-fg">
            <CheckCircleIcon size={16} className="mt-0.5 shrink-0 text-green-700 dark:text-green-400" />
            <span>
              Deleted the queue “<UntrustedText text={notice.deletedQueueName} />
              ”. Its answers and progress are kept on the service.
            </span>
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
          >
            Dismiss
          </Button>
        </span>
      ) : null}
    </output>
  );
}
