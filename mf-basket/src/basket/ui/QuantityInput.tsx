import { useEffect, useState } from 'react';
import { QUANTITY_MIN, typedQuantity } from '../quantity';

export interface QuantityInputProps {
  id: string;
  /** Read by screen readers only: the line's name is beside the input for sighted buyers. */
  label: string;
  /** The decided quantity of the line (what the buyer typed, after the clamp). */
  value: number;
  max?: number;
  /** A whole number typed (at least 1), or null while the box holds no quantity (cleared, 0). */
  onChange: (requested: number | null) => void;
}

/**
 * A number input that lets the buyer type freely and shows the truth: a number typed shows the decided quantity (12
 * becomes the 10 that may be reserved), an empty box stays empty while the buyer edits (and says so: null), and a box
 * left without a quantity shows the line's quantity again.
 */
export function QuantityInput({ id, label, value, max, onChange }: QuantityInputProps) {
  const [text, setText] = useState(String(value));
  // A new decided quantity (a clamp, a reload) replaces a number in the box, never a box the buyer is clearing.
  useEffect(() => {
    setText((current) => {
      const typed = typedQuantity(current);
      return typed === null || typed === value ? current : String(value);
    });
  }, [value, text]);
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
          onChange(typedQuantity(event.target.value));
        }}
        onBlur={() => {
          if (typedQuantity(text) !== null) return;
          setText(String(value));
          onChange(value);
        }}
      />
    </span>
  );
}
