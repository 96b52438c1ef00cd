import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { CheckoutState } from '../contract/states';
import { STEP_FAILED_EVENT, type StepFailure } from './events';

interface Props {
  state: CheckoutState;
  /** Shown in place of the step; the shell's frame, countdown and checkout state stay as they were. */
  fallbackText: string;
  onFailure: (failure: StepFailure) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** One per parcel: a step that throws is replaced by a message instead of unmounting the whole page. */
export class StepErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const failure: StepFailure = {
      state: this.props.state,
      message: error instanceof Error ? error.message : String(error),
      ...(info.componentStack ? { componentStack: info.componentStack } : {}),
    };
    this.props.onFailure(failure);
    if (typeof window !== 'undefined')
      window.dispatchEvent(new CustomEvent<StepFailure>(STEP_FAILED_EVENT, { detail: failure }));
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="step-failed">
        <p>{this.props.fallbackText}</p>
      </div>
    );
  }
}
