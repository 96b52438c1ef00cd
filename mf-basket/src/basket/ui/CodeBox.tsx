import { useEffect, useLayoutEffect, useState } from 'react';
import { useUnit } from 'effector-react';
import { codeBoxOpenInitially, formatMoney, MOBILE_WIDTH_PX, type AppliedCode } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/basket';
import { AlertBox, Button } from '@checkout/shared/ui';
import { $codeVerdict, $removingCode, $settingCode, codeEdited, codeRemoveClicked, codeSubmitted } from '../code';

/** Whether the page is at least the mobile threshold wide: matchMedia where there is one, else the window's width. */
function wideViewport(): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(`(min-width: ${MOBILE_WIDTH_PX}px)`).matches;
  return codeBoxOpenInitially(window.innerWidth);
}

/** Before the first paint in the browser; on the server (where layout effects do not run, and warn) a plain effect. */
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface CodeBoxProps {
  /** The codes on the basket (the checkout's applied_codes), each shown with its saving and a Remove button. */
  applied: readonly AppliedCode[];
  currencySymbol: string;
}

/**
 * The collapsible 'DISCOUNT OR VOUCHER CODE?' entry: open from 768 px, collapsed below, and
 * open whenever a code is applied, so the buyer always sees it, what it saves, and how to take it off.
 */
export function CodeBox({ applied, currencySymbol }: CodeBoxProps) {
  // The server cannot know the viewport: the box starts as it rendered there (open only with a code applied), and opens
  // on a wide screen before the browser paints the step (when the server's markup is hydrated, once the scripts run).
  const [open, setOpen] = useState(applied.length > 0);
  useBeforePaint(() => {
    if (wideViewport()) setOpen(true);
  }, []);
  const [code, setCode] = useState('');
  const m = useUnit({
    verdict: $codeVerdict,
    setting: $settingCode,
    removing: $removingCode,
    codeSubmitted,
    codeEdited,
    codeRemoveClicked,
  });
  return (
    <section className="code-box" aria-labelledby="code-box-toggle">
      <h2 className="code-box__heading">
        <button
          id="code-box-toggle"
          type="button"
          className="code-box__toggle"
          aria-expanded={open}
          aria-controls="code-box-panel"
          onClick={() => setOpen((o) => !o)}
        >
          DISCOUNT OR VOUCHER CODE?
        </button>
      </h2>
      <div id="code-box-panel" className="stack code-box__panel" hidden={!open}>
        <form
          className="code-box__form"
          onSubmit={(event) => {
            event.preventDefault();
            m.codeSubmitted(code);
          }}
        >
          <label htmlFor="basket-code">Code</label>
          <input
            id="basket-code"
            name="code"
            className="code-box__input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              m.codeEdited();
            }}
          />
          <Button type="submit" variant="secondary" loading={m.setting} disabled={code.trim().length === 0}>
            Apply
          </Button>
        </form>
        {m.verdict?.kind === 'invalid' ? (
          <AlertBox type="error">{messages.invalidCodeBecause(m.verdict.reason)}</AlertBox>
        ) : null}
        {m.verdict?.kind === 'applied' ? <AlertBox type="success">{messages.codeApplied}</AlertBox> : null}
        {applied.length > 0 ? (
          <ul className="code-box__applied" aria-label={messages.codeApplied}>
            {applied.map((entry) => (
              <li key={entry.code}>
                <span>
                  <span className="code-box__applied-code">
                    {messages.codeSaving(entry.code, formatMoney(entry.saving, currencySymbol))}
                  </span>{' '}
                  <span className="badge badge--success">{messages.codeApplied}</span>
                </span>
                <Button
                  variant="link"
                  aria-label={messages.removeCode(entry.code)}
                  loading={m.removing === entry.code}
                  onClick={() => m.codeRemoveClicked(entry.code)}
                >
                  {messages.remove}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
