import { useState } from 'react';
import { useUnit } from 'effector-react';
import {
  GIFT_TIMINGS,
  isAtTransferLimit,
  isScheduledGift,
  transferRowErrors,
  transferTimeOptions,
  type TransferField,
} from '@checkout/shared';
import { CheckboxField, Radio, SelectField, TextField } from '@checkout/shared/ui';
import { copy } from '../copy';
import {
  $rows,
  $showTransferErrors,
  $today,
  qtyChanged,
  rowChanged,
  rowRemoved,
  type TransferRowState,
} from '../model';

const TIME_OPTIONS = transferTimeOptions().map((time) => ({ value: time, label: time }));

type ErrorOf = (field: TransferField) => string | null;
type Touch = (field: TransferField) => () => void;

/** A field's message shows once the buyer has left it, or after a Send that found something missing. */
function useRowErrors(row: TransferRowState): { errorOf: ErrorOf; touch: Touch } {
  const m = useUnit({ showAll: $showTransferErrors, today: $today });
  const [touched, setTouched] = useState<ReadonlySet<TransferField>>(new Set());
  const errors = row.qty > 0 ? transferRowErrors(row, m.today) : {};
  const errorOf = (field: TransferField) => ((m.showAll || touched.has(field)) && errors[field]) || null;
  const touch = (field: TransferField) => () => setTouched((set) => new Set(set).add(field));
  return { errorOf, touch };
}

interface RowProps {
  row: TransferRowState;
  number: number;
}

function QuantityStepper({ row, number, purchased }: RowProps & { purchased: number }) {
  const m = useUnit({ rows: $rows, qty: qtyChanged });
  const t = copy.transfer;
  const atLimit = isAtTransferLimit(m.rows, row.ticket_id, purchased);
  return (
    <div className="oc-stepper" role="group" aria-label={`${t.quantity}, ${t.recipient(number)}`}>
      <button
        type="button"
        className="oc-icon-button"
        aria-label={t.fewer(number)}
        disabled={row.qty <= 0}
        onClick={() => m.qty({ id: row.id, qty: row.qty - 1 })}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="oc-stepper__value" aria-live="polite" aria-label={t.quantity}>
        {row.qty}
      </output>
      <button
        type="button"
        className="oc-icon-button"
        aria-label={t.more(number)}
        disabled={atLimit}
        onClick={() => m.qty({ id: row.id, qty: row.qty + 1 })}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

function RemoveButton({ row, number }: RowProps) {
  const removed = useUnit(rowRemoved);
  return (
    <button
      type="button"
      className="oc-icon-button oc-row__remove"
      aria-label={copy.transfer.remove(number)}
      onClick={() => removed(row.id)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6 7h12M10 7V5h4v2M8 7l1 12h6l1-12" />
      </svg>
    </button>
  );
}

interface FieldsProps {
  row: TransferRowState;
  /** The row's id prefix for its fields' ids. */
  id: string;
  errorOf: ErrorOf;
  touch: Touch;
}

function RecipientFields({ row, id, errorOf, touch }: FieldsProps) {
  const changed = useUnit(rowChanged);
  const t = copy.transfer;
  return (
    <div className="oc-row__fields">
      <TextField
        id={`${id}-name`}
        label={t.name}
        autoComplete="off"
        value={row.name}
        onValue={(name) => changed({ id: row.id, patch: { name } })}
        onBlur={touch('name')}
        error={errorOf('name')}
      />
      <TextField
        id={`${id}-email`}
        label={t.email}
        type="email"
        autoComplete="off"
        value={row.email}
        onValue={(email) => changed({ id: row.id, patch: { email } })}
        onBlur={touch('email')}
        error={errorOf('email')}
      />
    </div>
  );
}

/** A scheduled gift's date and time. */
function ScheduleFields({ row, id, errorOf, touch }: FieldsProps) {
  const changed = useUnit(rowChanged);
  const t = copy.transfer;
  return (
    <div className="oc-row__fields">
      <TextField
        id={`${id}-date`}
        label={t.date}
        hint={t.dateHint}
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        maxLength={10}
        value={row.delivery_date}
        onValue={(delivery_date) => changed({ id: row.id, patch: { delivery_date } })}
        onBlur={touch('delivery_date')}
        error={errorOf('delivery_date')}
      />
      <SelectField
        id={`${id}-time`}
        label={t.time}
        hint={t.timeHint}
        placeholder={t.timePlaceholder}
        options={TIME_OPTIONS}
        value={row.delivery_time}
        onValue={(delivery_time) => changed({ id: row.id, patch: { delivery_time } })}
        onBlur={touch('delivery_time')}
        error={errorOf('delivery_time')}
      />
    </div>
  );
}

/** A gift: 'Schedule' or 'Send now', a scheduled one's date and time, and an optional message. */
function GiftFields(props: FieldsProps) {
  const { row, id } = props;
  const changed = useUnit(rowChanged);
  const t = copy.transfer;
  return (
    <div className="stack">
      <fieldset className="oc-pills">
        <legend className="sr-only">{t.whenLegend}</legend>
        {GIFT_TIMINGS.map((timing) => (
          <Radio
            key={timing}
            id={`${id}-${timing === 'Schedule' ? 'schedule' : 'now'}`}
            name={`${id}-when`}
            className="oc-pill"
            label={timing}
            checked={row.send_gift === timing}
            onSelect={() => changed({ id: row.id, patch: { send_gift: timing } })}
          />
        ))}
      </fieldset>
      {isScheduledGift(row) ? <ScheduleFields {...props} /> : null}
      <div className="field">
        <label htmlFor={`${id}-message`} className="field__label">
          {t.message}
          <span className="field__optional"> (optional)</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="field__input"
          rows={3}
          maxLength={2000}
          placeholder={t.messagePlaceholder}
          value={row.message}
          onChange={(event) => changed({ id: row.id, patch: { message: event.target.value } })}
        />
      </div>
    </div>
  );
}

/**
 * One recipient: quantity stepper, 'This ticket is a gift', full name, email, the remove icon (not on the first row);
 * a gift offers 'Schedule' or 'Send now', and a scheduled one its date (dd/MM/yyyy), time (5-minute steps) and an
 * optional message.
 */
export function TransferRow({ row, number, purchased }: { row: TransferRowState; number: number; purchased: number }) {
  const changed = useUnit(rowChanged);
  const { errorOf, touch } = useRowErrors(row);
  const t = copy.transfer;
  const id = `transfer-row-${row.id}`;
  const fields: FieldsProps = { row, id, errorOf, touch };

  return (
    <fieldset className="oc-row stack">
      <legend className="oc-row__legend">{t.recipient(number)}</legend>
      <div className="oc-row__top">
        <QuantityStepper row={row} number={number} purchased={purchased} />
        {number > 1 ? <RemoveButton row={row} number={number} /> : null}
      </div>
      <CheckboxField
        id={`${id}-gift`}
        label={t.gift}
        checked={row.is_gift}
        onChecked={(is_gift) => changed({ id: row.id, patch: { is_gift } })}
      />
      <RecipientFields {...fields} />
      {row.is_gift ? <GiftFields {...fields} /> : null}
    </fieldset>
  );
}
