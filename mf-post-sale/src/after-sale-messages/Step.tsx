import { useUnit } from 'effector-react';
import type { StepProps } from '@checkout/shared';
import { depsOf } from '@checkout/shared/parcel';
import { Button, SafeHtml, useFocusOnArrival, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { continueClicked, messagesShown } from './model';
import './after-sale-messages.css';

/**
 * Organiser message(s): each message with its organiser, event, date and time; the body is the organiser's
 * HTML, cleaned by SafeHtml (DOMPurify) before it reaches the DOM. Continue goes on to the order-completed page.
 */
export function AfterSaleMessagesStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(props.stores.$checkout);
  const m = useUnit({ shown: messagesShown, next: continueClicked });
  const list = checkout?.after_sale_messages ?? [];

  useMountEffect(() => {
    m.shown({ deps: depsOf(props) });
  });

  return (
    <section className="card stack after-sale-messages" aria-labelledby="after-sale-messages-title">
      <h1 id="after-sale-messages-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.heading(list.length)}
      </h1>
      <ul className="after-sale-messages__list">
        {list.map((message, index) => (
          <li key={index} className="after-sale-message">
            <article aria-labelledby={`after-sale-message-${index}`}>
              <h2 id={`after-sale-message-${index}`}>{message.event_title}</h2>
              <p className="after-sale-message__meta">{copy.from(message.organiser_name)}</p>
              <p className="after-sale-message__meta">{copy.when(message.event_nice_date, message.event_nice_time)}</p>
              <SafeHtml className="after-sale-message__body" html={message.message} />
            </article>
          </li>
        ))}
      </ul>
      <div className="actions">
        <Button data-primary-action="" onClick={() => m.next()}>
          {copy.continue}
        </Button>
      </div>
    </section>
  );
}
