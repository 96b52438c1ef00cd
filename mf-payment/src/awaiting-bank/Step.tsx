import { depsOf } from '@checkout/shared/parcel';
import { useUnit } from 'effector-react';
import { formatMoney, type BankWaitText, type StepProps } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/awaiting-bank';
import { AlertBox, Button, EditBasketLink, Spinner, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import {
  $view,
  bankResultLeft,
  bankResultShown,
  continueClicked,
  editBasketConfirmed,
  tryDifferentMethodClicked,
} from './model';
import '../payment.css';

const WAIT_TEXT: Record<BankWaitText, string> = {
  none: copy.waiting,
  waiting: messages.bankWaitingForResponse,
  awaiting: messages.bankAwaitingConfirmation,
  longer: messages.bankTakingLonger,
  give_up: messages.bankGiveUp,
};

/** Awaiting bank transfer result (title 'Payment'; its rules are in shared/src/rules/payment.ts). */
export function AwaitingBankStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const [checkout, user, updating] = useUnit([
    props.stores.$checkout,
    props.stores.$user,
    props.stores.$updatingBasket,
  ]);
  const m = useUnit({
    view: $view,
    shown: bankResultShown,
    left: bankResultLeft,
    continueClicked,
    tryDifferentMethodClicked,
    editBasketConfirmed,
  });

  useMountEffect(() => {
    m.shown({ deps: depsOf(props), returnedFrom: checkout?.truelayer_returned_from ?? null });
    return () => m.left();
  });

  const symbol = checkout?.currency.symbol ?? '';
  const tryOther = (
    <div className="actions">
      <Button variant="secondary" onClick={() => m.tryDifferentMethodClicked()}>
        {copy.tryDifferentMethod}
      </Button>
    </div>
  );
  // The bank said no (cancelled or failed): nothing is moving, so the basket may change again, as on Payment.
  const refusedActions = (
    <div className="actions">
      <Button variant="secondary" onClick={() => m.tryDifferentMethodClicked()}>
        {copy.tryDifferentMethod}
      </Button>
      <EditBasketLink
        express={checkout?.express ?? false}
        onConfirm={() => m.editBasketConfirmed()}
        busy={updating}
        keepsIdentity={(checkout?.proven_guest ?? null) !== null || user !== null}
      />
    </div>
  );
  const view = m.view;
  return (
    <section className="card stack payment" aria-labelledby="bank-title">
      <h1 id="bank-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      {view.kind === 'cancelled' ? (
        <>
          <AlertBox type="warning">{messages.bankCancelled}</AlertBox>
          {refusedActions}
        </>
      ) : view.kind === 'waiting' ? (
        <>
          {view.text === 'give_up' ? (
            <AlertBox type="info">{WAIT_TEXT.give_up}</AlertBox>
          ) : (
            <Spinner label={WAIT_TEXT[view.text]} />
          )}
          {view.offerOtherMethod ? tryOther : null}
        </>
      ) : view.kind === 'success' ? (
        <>
          <AlertBox type="success" title={copy.successTitle}>
            {view.total !== null ? <p>{formatMoney(view.total, symbol)}</p> : null}
            {view.reference ? <p>{copy.reference(view.reference)}</p> : null}
          </AlertBox>
          <div className="actions">
            <Button data-primary-action="" onClick={() => m.continueClicked()}>
              {copy.continue}
            </Button>
          </div>
        </>
      ) : (
        <>
          <AlertBox type="error" title={copy.failedTitle}>
            {view.error ?? ''}
          </AlertBox>
          {refusedActions}
        </>
      )}
    </section>
  );
}
