import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'effector-react';
import type { StepProps } from '@checkout/shared';
import { fakeStepProps, type FakeStepOptions, type FakeStepProps } from '@checkout/shared/testing';

/** Renders a step the way its parcel does (inside the scope's Provider) with fake StepProps (tests only). */
export function renderStep(
  Step: ComponentType<StepProps>,
  options: FakeStepOptions,
): FakeStepProps & { unmount(): void } {
  const props = fakeStepProps(options);
  const { unmount } = render(
    <Provider value={props.scope}>
      <Step {...props} />
    </Provider>,
  );
  return { ...props, unmount };
}
