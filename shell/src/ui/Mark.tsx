/**
 * The built-in mark: a ticket on the checkout's blue. The same drawing as the favicon (shell/scripts/favicon.mjs
 * writes both of those; keep the three alike).
 */
export function Mark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1b4fd8" />
      <path
        fill="#fff"
        d="M7 9h18a2 2 0 0 1 2 2v2a3 3 0 0 0 0 6v2a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-2a3 3 0 0 0 0-6v-2a2 2 0 0 1 2-2z"
      />
      <path fill="none" stroke="#1b4fd8" strokeWidth="1.5" strokeDasharray="2 2" d="M20 11v10" />
    </svg>
  );
}
