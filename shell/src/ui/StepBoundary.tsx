import * as messages from '@checkout/shared/messages/shell';
import { Component, type ReactNode } from 'react';
import { Button } from '@checkout/shared/ui';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** Bumped by Retry: a new key mounts the step region afresh. */
  generation: number;
}

/**
 * The shell's own boundary around the step region: whatever throws while loading or mounting a step (the parcel has
 * its own boundary for the step's render) ends here as the same 'could not be loaded' panel, with Retry.
 */
export class StepBoundary extends Component<Props, State> {
  override state: State = { failed: false, generation: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('checkout: the step region failed', error);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div role="alert" className="alert alert--error step-region__failed">
          <p>{messages.stepCouldNotLoad}</p>
          <Button onClick={() => this.setState((s) => ({ failed: false, generation: s.generation + 1 }))}>
            {messages.retry}
          </Button>
        </div>
      );
    }
    return <div key={this.state.generation}>{this.props.children}</div>;
  }
}
