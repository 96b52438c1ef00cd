import { depsOf } from '@checkout/shared/parcel';
import { useUnit } from 'effector-react';
import type { StepProps } from '@checkout/shared';
import { Spinner, useMountEffect } from '@checkout/shared/ui';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { reservationRequested } from './model';
import '../ui/step.css';
import './reserve.css';

/** The reserve step: reserves the basket once on arrival; the model handles the answer. */
export function ReserveStep(props: StepProps) {
  const { checkout, request } = useUnit({ checkout: props.stores.$checkout, request: reservationRequested });
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  useMountEffect(() => {
    request({ deps: depsOf(props), checkout });
    // Once per mount: a reloaded checkout must not reserve again.
  });
  return (
    <section className="stack reserve" aria-labelledby="reserve-title">
      <h1 id="reserve-title" ref={heading} tabIndex={-1} className="step-heading">
        Checkout
      </h1>
      <Spinner
        label={
          <>
            <strong className="reserve__wait">PLEASE WAIT</strong> Reserving tickets
          </>
        }
      />
    </section>
  );
}
