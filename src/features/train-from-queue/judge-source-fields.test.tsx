import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Judge } from "@/features/queues";
import { JudgeSourceFields, type AgreementView } from "./judge-source-fields";
import { judgeWarning } from "./judge-warning";
import type { JudgeChoice } from "./train-url-state";

const judge = (id: string, name: string, digest: string, versionIndex: number): Judge => ({
  id,
  name,
  digest,
  versionIndex,
  ref: `weave:///demo/support-bot/object/${id}:${digest}`,
  createdAt: `2026-11-2${versionIndex}T10:00:00.000Z`,
  description: "",
  model: "meta-llama/Llama-3.3-70B-Instruct",
  service: "inference",
  prompt: "Rate {{question}}",
  queueId: "q1",
  specRef: "weave:///demo/support-bot/object/tone:abc",
  responseSchema: {},
});

const STRICT = judge("judge-strict", "Strict judge", "d2", 2);
const LENIENT = judge("judge-lenient", "Lenient judge", "e0", 0);
const STRICT_VERSIONS = [
  STRICT,
  judge("judge-strict", "Strict judge", "d1", 1),
  judge("judge-strict", "Strict judge", "d0", 0),
];

function renderFields(props: { choice: JudgeChoice | null; agreement?: AgreementView | null; judges?: Judge[] }) {
  const onChoice = vi.fn<(choice: JudgeChoice | null) => void>();
  render(
    <JudgeSourceFields
      queueId="q1"
      judges={props.judges ?? [STRICT, LENIENT]}
      judgesError={null}
      versionsError={null}
      onRetry={() => {}}
      choice={props.choice}
      onChoice={onChoice}
      versions={props.choice ? STRICT_VERSIONS : undefined}
      agreement={props.agreement ?? null}
    />,
    { wrapper: MemoryRouter },
  );
  return { onChoice, user: userEvent.setup() };
}

describe("the reward's source", () => {
  it("offers a judge of the question, its latest version first", async () => {
    const { onChoice, user } = renderFields({ choice: null });
    expect(screen.getByRole("radio", { name: "Annotators' answers" })).toBeChecked();
    expect(screen.queryByRole("combobox", { name: "Judge" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Annotators, and a judge where no one answered" }));
    expect(onChoice).toHaveBeenCalledWith({ id: "judge-strict", digest: null });
  });

  it("cannot choose a judge when no judge of the queue answers the question", () => {
    renderFields({ choice: null, judges: [] });
    expect(screen.getByRole("radio", { name: "Annotators, and a judge where no one answered" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "make one on the queue's Judges page" })).toHaveAttribute(
      "href",
      "/queues/q1/judges",
    );
  });

  it("lists the judges and the chosen one's versions; choosing the latest follows the latest", async () => {
    const { onChoice, user } = renderFields({ choice: { id: "judge-strict", digest: "d1" } });
    const judges = screen.getByRole("combobox", { name: "Judge" });
    expect(
      within(judges)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Strict judge", "Lenient judge"]);
    const versions = screen.getByRole("combobox", { name: "Judge version" });
    expect(versions).toHaveValue("d1");
    expect(
      within(versions)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["v2 (latest) · 2026-11-22", "v1 · 2026-11-21", "v0 · 2026-11-20"]);
    await user.selectOptions(versions, "d0");
    expect(onChoice).toHaveBeenLastCalledWith({ id: "judge-strict", digest: "d0" });
    await user.selectOptions(versions, "d2");
    expect(onChoice).toHaveBeenLastCalledWith({ id: "judge-strict", digest: null });
    await user.selectOptions(judges, "judge-lenient");
    expect(onChoice).toHaveBeenLastCalledWith({ id: "judge-lenient", digest: null });
  });

  it("shows the version's agreement with the team beside the choice, with the numeric figures for a rating", () => {
    const figures = { n: 120, accuracy: 0.8125, kappa: 0.7312, mae: 0.25, spearman: 0.912 };
    renderFields({
      choice: { id: "judge-strict", digest: null },
      agreement: { status: "ready", figures, numeric: true, warning: judgeWarning(figures) },
    });
    const shown = screen.getByRole("region", { name: "The judge's agreement with the team" });
    const value = (label: string) => within(shown).getByText(label).nextElementSibling?.textContent;
    expect(value("Calls")).toBe("120");
    expect(value("Accuracy")).toBe("81.3%");
    expect(value("Cohen's κ")).toBe("0.73");
    expect(value("Mean abs. error")).toBe("0.25");
    expect(value("Spearman's ρ")).toBe("0.91");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("warns when the judge agrees with the team only slightly", () => {
    const figures = { n: 48, accuracy: 0.5, kappa: 0.2149, mae: null, spearman: null };
    renderFields({
      choice: { id: "judge-strict", digest: null },
      agreement: { status: "ready", figures, numeric: false, warning: judgeWarning(figures) },
    });
    expect(screen.getByRole("note")).toHaveTextContent(
      "This judge agrees with the team only slightly (κ = 0.21 on 48 calls): its rewards may teach the model the wrong thing.",
    );
    expect(screen.queryByText("Mean abs. error")).not.toBeInTheDocument();
  });
});

describe("the judge's warning", () => {
  it("is given for a low kappa, too few calls, or an agreement that cannot be measured", () => {
    expect(judgeWarning({ n: 48, kappa: 0.4 })).toBeNull();
    expect(judgeWarning({ n: 20, kappa: 0.9 })).toBeNull();
    expect(judgeWarning({ n: 48, kappa: 0.39 })).toMatch(/^This judge agrees with the team only slightly \(κ = 0.39/);
    expect(judgeWarning({ n: 48, kappa: -0.1 })).toMatch(/no better than chance \(κ = -0.10 on 48 calls\)/);
    expect(judgeWarning({ n: 19, kappa: 0.9 })).toMatch(/compared with the team on only 19 calls \(κ = 0.90\)/);
    expect(judgeWarning({ n: 30, kappa: null })).toMatch(/cannot be measured \(κ undefined on 30 calls/);
    expect(judgeWarning({ n: 0, kappa: null })).toMatch(/^No call people answered has this judge's verdict/);
  });
});
