import { Section } from "@/components/section";
import { TrajectorySamples } from "@/features/training";
import type { Selection } from "./trajectories/build-groups";

/** What the model will be trained on, read as text: a few groups' trajectories (numbered as in the groups table). */
export function SamplesSection({ selection }: { selection: Selection }) {
  if (selection.groups.length === 0) return null;
  return (
    <Section title="Sample trajectories">
      <TrajectorySamples groups={selection.groups} labels={selection.groupLabels} />
    </Section>
  );
}
