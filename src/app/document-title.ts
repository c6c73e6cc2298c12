import { useEffect } from "react";
import { APP_NAME } from "./routes";

/** Sets the tab title for the current page ("Settings · W&B Ops Dashboard"). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
