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

/**
 * One recipient: quantity stepper, 'This ticket is a gift', full name, email, the remove icon (not on the first row);
 * a gift offers 'Schedule' or 'Send now', and a scheduled one its date (dd/MM/yyyy), time (5-minute steps) and an
 * optional message. A field's message shows once the buyer has left it, or after a Send that found something missing.
 */
export function TransferRow({ row, number, purchased }: { row: TransferRowState; number: number; purchased: number }) {
  const m = useUnit({
    rows: $rows,
    showAll: $showTransferErrors,
    today: $today,
    changed: rowChanged,
    qty: qtyChanged,
    removed: rowRemoved,
  });
  const [touched, setTouched] = useState<ReadonlySet<TransferField>>(new Set());
  const t = copy.transfer;
  const id = `transfer-row-${row.id}`;
  const errors = row.qty > 0 ? transferRowErrors(row, m.today) : {};
  const errorOf = (field: TransferField) => ((m.showAll || touched.has(field)) && errors[field]) || null;
  const touch = (field: TransferField) => () => setTouched((set) => new Set(set).add(field));
  const atLimit = isAtTransferLimit(m.rows, row.ticket_id, purchased);
  const scheduled = isScheduledGift(row);

  return (
    <fieldset className="oc-row stack">
      <legend className="oc-row__legend">{t.recipient(number)}</legend>
      <div className="oc-row__top">
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
        {number > 1 ? (
          <button
            type="button"
            className="oc-icon-button oc-row__remove"
            aria-label={t.remove(number)}
            onClick={() => m.removed(row.id)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 7h12M10 7V5h4v2M8 7l1 12h6l1-12" />
            </svg>
          </button>
        ) : null}
      </div>
      <CheckboxField
        id={`${id}-gift`}
        label={t.gift}
        checked={row.is_gift}
        onChecked={(is_gift) => m.changed({ id: row.id, patch: { is_gift } })}
      />
      <div className="oc-row__fields">
        <TextField
          id={`${id}-name`}
          label={t.name}
          autoComplete="off"
          value={row.name}
          onValue={(name) => m.changed({ id: row.id, patch: { name } })}
          onBlur={touch('name')}
          error={errorOf('name')}
        />
        <TextField
          id={`${id}-email`}
          label={t.email}
          type="email"
          autoComplete="off"
          value={row.email}
          onValue={(email) => m.changed({ id: row.id, patch: { email } })}
          onBlur={touch('email')}
          error={errorOf('email')}
        />
      </div>
      {row.is_gift ? (
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
                onSelect={() => m.changed({ id: row.id, patch: { send_gift: timing } })}
              />
            ))}
          </fieldset>
          {scheduled ? (
            <div className="oc-row__fields">
              <TextField
                id={`${id}-date`}
                label={t.date}
                hint={t.dateHint}
                inputMode="numeric"
                placeholder="dd/mm/yyyy"
                maxLength={10}
                value={row.delivery_date}
                onValue={(delivery_date) => m.changed({ id: row.id, patch: { delivery_date } })}
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
                onValue={(delivery_time) => m.changed({ id: row.id, patch: { delivery_time } })}
                onBlur={touch('delivery_time')}
                error={errorOf('delivery_time')}
              />
            </div>
          ) : null}
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
              onChange={(event) => m.changed({ id: row.id, patch: { message: event.target.value } })}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
