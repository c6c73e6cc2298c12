import { createContext, useContext } from "react";
import { TipText } from "@/components/table";
import { opLabel, type OpChoice } from "../shared/op-choices";

const OpChoicesContext = createContext<readonly OpChoice[]>([]);

/** The page's operation labels (useOpChoices), for the table's Operation cells. */
export const OpChoicesProvider = OpChoicesContext.Provider;

/**
 * An Operation cell: the name as people read it, with the version when the project has several
 * (the same label the Operation filter takes), and the full ref in its tooltip.
 */
export function OpCell({ opRef }: { opRef: string }) {
  const choices = useContext(OpChoicesContext);
  return <TipText text={opLabel(opRef, choices)} full={opRef} className="font-mono text-xs" />;
}
