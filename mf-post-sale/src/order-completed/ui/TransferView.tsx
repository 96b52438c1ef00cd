import { useUnit } from 'effector-react';
import { isAtTransferLimit, type TransferableType } from '@checkout/shared';
import { Button, useFocusOnArrival } from '@checkout/shared/ui';
import { copy } from '../copy';
import {
  $canSendTransfers,
  $openTypes,
  $rows,
  $sendingTransfers,
  $transferTypes,
  rowAdded,
  sendTransfersClicked,
  typeToggled,
  viewChosen,
} from '../model';
import { TransferRow } from './TransferRow';

/** One accordion per unseated ticket type, headed 'event name - ticket name', with its rows and the plus to add one. */
function TypeAccordion({ type }: { type: TransferableType }) {
  const m = useUnit({ rows: $rows, open: $openTypes, toggled: typeToggled, added: rowAdded });
  const rows = m.rows.filter((row) => row.ticket_id === type.ticket_id);
  const open = m.open.includes(type.ticket_id);
  const panelId = `transfer-type-${type.ticket_id}`;
  const atLimit = isAtTransferLimit(m.rows, type.ticket_id, type.purchased);
  return (
    <section className="oc-accordion">
      <h2 className="oc-accordion__heading">
        <button
          type="button"
          id={`${panelId}-toggle`}
          className="oc-accordion__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => m.toggled(type.ticket_id)}
        >
          <span>{type.title}</span>
          <span className="oc-accordion__chevron" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </h2>
      <div
        id={panelId}
        role="region"
        aria-labelledby={`${panelId}-toggle`}
        className="oc-accordion__panel stack"
        hidden={!open}
      >
        {rows.map((row, index) => (
          <TransferRow key={row.id} row={row} number={index + 1} purchased={type.purchased} />
        ))}
        <div>
          <button
            type="button"
            className="oc-icon-button"
            aria-label={copy.transfer.add(type.title)}
            disabled={atLimit}
            onClick={() => m.added(type.ticket_id)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
    </section>
  );
}

/** The transfer tickets view. */
export function TransferView() {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const m = useUnit({
    types: $transferTypes,
    canSend: $canSendTransfers,
    sending: $sendingTransfers,
    send: sendTransfersClicked,
    choose: viewChosen,
  });
  const t = copy.transfer;
  return (
    <section className="card stack oc-transfer" aria-labelledby="transfer-title">
      <h1 id="transfer-title" ref={heading} tabIndex={-1} className="step-heading">
        {t.title}
      </h1>
      <p>{t.explanation}</p>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          m.send();
        }}
      >
        {m.types.map((type) => (
          <TypeAccordion key={type.ticket_id} type={type} />
        ))}
        <div className="cluster oc-transfer__actions">
          <Button variant="secondary" onClick={() => m.choose('overview')}>
            {t.back}
          </Button>
          <Button type="submit" loading={m.sending} disabled={!m.canSend}>
            {t.send}
          </Button>
        </div>
      </form>
    </section>
  );
}
