import { useEffect, useMemo, useRef } from 'react';
import { useUnit } from 'effector-react';
import { questionSteps, type QuestionStep, type StepProps } from '@checkout/shared';
import { depsOf } from '@checkout/shared/parcel';
import { AlertBox, Button, useFocusOnArrival, useEffectWhen } from '@checkout/shared/ui';
import { copy } from './copy';
import {
  $answers,
  $completed,
  $current,
  $error,
  $fieldErrors,
  $focus,
  $saving,
  $steps,
  answerChanged,
  continuePressed,
  questionsOpened,
  stepChosen,
  type QuestionTiming,
} from './model';
import { stepNotices } from './notices';
import { inputIdOf, QuestionField } from './QuestionField';
import './questions.css';

export const stepTitle = (step: QuestionStep) =>
  step.kind === 'basket' ? copy.basketStep : copy.ticketStep(step.number);

/** The steps, each a button that opens it, ticked once complete. */
function StepList() {
  const m = useUnit({ steps: $steps, completed: $completed, current: $current, chosen: stepChosen });
  return (
    <ol className="questions__steps" aria-label={copy.stepsLabel}>
      {m.steps.map((item, index) => {
        const done = m.completed.includes(item.id);
        return (
          <li key={item.id}>
            <button
              type="button"
              className="questions__step"
              aria-current={index === m.current ? 'step' : undefined}
              onClick={() => m.chosen(index)}
            >
              <span className={done ? 'questions__tick questions__tick--done' : 'questions__tick'} aria-hidden="true">
                {done ? '✓' : ''}
              </span>
              <span>{stepTitle(item)}</span>
              {done ? <span className="sr-only"> ({copy.completed})</span> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Ticket questions, before or after payment: a stepped form,
 * 'Basket / Applies to all' then 'Ticket N', ticks on completed steps; Continue shows the first incomplete step and
 * saves once every step is complete. One component for both states: the state says which questions and before_or_after.
 */
export function QuestionsStep(props: StepProps) {
  const timing: QuestionTiming = props.state === 'ticket_questions_after' ? 'after' : 'before';
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const checkout = useUnit(props.stores.$checkout);
  const formSteps = useMemo(
    () =>
      checkout
        ? questionSteps(
            timing === 'before' ? checkout.before_payment_questions : checkout.after_payment_questions,
            checkout.tickets,
          )
        : [],
    [checkout, timing],
  );
  // The form starts again only when the questions themselves change, not on every checkout reload.
  const signature = formSteps.map((step) => `${step.id}:${step.fields.map((f) => f.key).join(',')}`).join('|');
  const m = useUnit({
    steps: $steps,
    answers: $answers,
    current: $current,
    errors: $fieldErrors,
    error: $error,
    focus: $focus,
    saving: $saving,
    opened: questionsOpened,
    changed: answerChanged,
    next: continuePressed,
  });

  useEffectWhen([signature, timing], () => {
    m.opened({ deps: depsOf(props), timing, steps: formSteps, saleReference: checkout?.sale_reference ?? null });
  });

  useEffect(() => {
    if (!m.focus) return;
    const { request } = m.focus;
    if (request.target === 'heading') stepHeading.current?.focus();
    else document.getElementById(inputIdOf(request.key))?.focus();
  }, [m.focus]);

  const step = m.steps[m.current];
  const notices = useMemo(() => stepNotices(m.steps, checkout), [m.steps, checkout]);

  return (
    <section className="card stack questions" aria-labelledby="questions-title">
      <h1 id="questions-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      {m.steps.length > 1 ? <StepList /> : null}
      {step ? (
        <div className="questions__panel stack" role="group" aria-labelledby="questions-step-title">
          <div>
            <h2 id="questions-step-title" ref={stepHeading} tabIndex={-1} className="questions__title">
              {stepTitle(step)}
            </h2>
            {step.kind === 'ticket' ? <p className="questions__subtitle">{step.ticket_name}</p> : null}
          </div>
          {(notices.get(step.id) ?? []).map((notice) => (
            <p key={notice} className="questions__notice">
              {notice}
            </p>
          ))}
          {step.fields.map((field) => (
            <QuestionField
              key={field.key}
              field={field}
              value={m.answers[field.key] ?? ''}
              error={m.errors[field.key]}
              onValue={(value) => m.changed({ key: field.key, value })}
            />
          ))}
        </div>
      ) : null}
      {m.error ? <AlertBox type="error">{m.error}</AlertBox> : null}
      <div className="actions">
        <Button data-primary-action="" loading={m.saving} onClick={() => m.next()}>
          {copy.continue}
        </Button>
      </div>
    </section>
  );
}
