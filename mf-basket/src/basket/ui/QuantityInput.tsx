import { useEffect, useState } from 'react';
import { QUANTITY_MIN } from '../quantity';

export interface QuantityInputProps {
  id: string;
  /** Read by screen readers only: the line's name is beside the input for sighted buyers. */
  label: string;
  value: number;
  max?: number;
  onChange(requested: number): void;
}

/**
 * A number input that lets the buyer type freely (an empty field mid-edit is allowed) and reports whole numbers.
 * The value shown snaps back to the decided quantity on blur, e.g. after a clamp.
 */
export function QuantityInput({ id, label, value, max, onChange }: QuantityInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <span className="qty">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className="qty__input"
        type="number"
        inputMode="numeric"
        min={QUANTITY_MIN}
        max={max && max > 0 ? max : undefined}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const requested = Number.parseInt(event.target.value, 10);
          if (!Number.isNaN(requested)) onChange(requested);
        }}
        onBlur={() => setText(String(value))}
      />
    </span>
  );
}
