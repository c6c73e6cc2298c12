import { Component, type ComponentType, type ErrorInfo, type ReactNode } from "react";
import { Button } from "./button";
import { AlertTriangleIcon, RefreshIcon } from "./icons";

type Props = {
  children: ReactNode;
  /** Names the panel in the message, e.g. "Queue items". */
  label?: string;
  /** When any of these change, a crashed panel tries again by itself (e.g. a new queue selected). */
  resetKeys?: readonly unknown[];
  /** Runs before the panel re-renders after "Try again", e.g. to reset a query. */
  onReset?: () => void;
  /** Shown instead of the default message, for boundaries with their own way back (a whole page). */
  Fallback?: ComponentType<{ error: Error }>;
};

type State = { error: Error | null; keys: readonly unknown[] | undefined };

const sameKeys = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((value, i) => Object.is(value, b[i])));

/**
 * Keeps a crash inside one panel: the rest of the page stays usable and the panel offers
 * "Try again". Render errors only; failed requests are shown by <ErrorPanel> from query state.
 */
export class PanelErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (sameKeys(props.resetKeys, state.keys)) return null;
    return { keys: props.resetKeys, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(this.props.label ? `${this.props.label} crashed` : "A panel crashed", error, info.componentStack);
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { Fallback } = this.props;
    if (Fallback) return <Fallback error={error} />;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-sm dark:border-red-500/30 dark:bg-red-500/10"
      >
        <p className="flex items-center gap-2 font-medium text-red-800 dark:text-red-300">
          <AlertTriangleIcon size={16} />
          {this.props.label ? `${this.props.label} could not be shown.` : "This panel could not be shown."}
        </p>
        <p className="text-fg-muted">
          The rest of the page still works. Details: <span className="font-mono text-xs text-fg">{error.message}</span>
        </p>
        <Button size="sm" onClick={this.reset} icon={<RefreshIcon size={14} />}>
          Try again
        </Button>
      </div>
    );
  }
}
