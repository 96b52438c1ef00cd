import type { ReactNode } from 'react';

/** A busy indicator with its words, e.g. 'Determining checkout progress'; announced politely. */
export function Spinner({ label }: { label: ReactNode }) {
  return (
    <div role="status" className="loading">
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
