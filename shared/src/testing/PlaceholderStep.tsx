import type { ComponentType } from 'react';
import { useUnit } from 'effector-react';
import type { CheckoutState } from '../contract/states';
import type { StepProps } from '../step';
import { Button } from '../ui/Button';

interface PlaceholderProps extends StepProps {
  title: string;
}

/** A stand-in step for tests of the shell: names itself and lets the flow be walked (Continue = stepCompleted in the shell's scope). */
export function PlaceholderStep({ title, state, commands }: PlaceholderProps) {
  const stepCompleted = useUnit(commands.stepCompleted);
  return (
    <section className="card stack step-placeholder" aria-labelledby={`step-title-${state}`}>
      <h1 id={`step-title-${state}`}>{title}</h1>
      <p>{state} step: not built yet</p>
      <Button onClick={() => stepCompleted()}>Continue</Button>
    </section>
  );
}

/** A step component for `state`, titled as the spec titles it. */
export function placeholderStep(state: CheckoutState, title: string): ComponentType<StepProps> {
  function Placeholder(props: StepProps) {
    return <PlaceholderStep {...props} state={state} title={title} />;
  }
  Placeholder.displayName = `Placeholder(${state})`;
  return Placeholder;
}
