import { useEffect, useRef } from 'react';
import { useUnit } from 'effector-react';
import { waiverLink, type StepProps } from '@checkout/shared';
import { depsOf } from '@checkout/shared/parcel';
import { Button, useFocusOnArrival, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { $copyFailed, $link, continueClicked, copyClicked, shareClicked, waiverShown } from './model';
import './waiver.css';

/** Activity Terms and Conditions (the waiver): the link the party signs at, copy, share where the device can. */
export function WaiverStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const linkBox = useRef<HTMLInputElement>(null);
  const checkout = useUnit(props.stores.$checkout);
  const m = useUnit({
    link: $link,
    copyFailed: $copyFailed,
    shown: waiverShown,
    copy: copyClicked,
    share: shareClicked,
    next: continueClicked,
  });
  // Only a device that can share gets the button (spec); checked once, at mount.
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  // The link as the server keyed it for this buyer (the reference alone opens nothing).
  useMountEffect(() => {
    const link = waiverLink(window.location.origin, checkout?.sale_reference ?? '', checkout?.waiver_key ?? '');
    m.shown({ deps: depsOf(props), link });
  });
  useEffect(() => {
    if (m.copyFailed) linkBox.current?.select();
  }, [m.copyFailed]);

  return (
    <section className="card stack waiver-step" aria-labelledby="waiver-title">
      <h1 id="waiver-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      <p>{copy.shareWithParty}</p>
      <p>
        <strong>{copy.signBeforeArrival}</strong>
      </p>
      <div className="field">
        <label htmlFor="waiver-link" className="field__label">
          {copy.linkLabel}
        </label>
        <input
          id="waiver-link"
          ref={linkBox}
          className="field__input waiver-step__link"
          type="url"
          readOnly
          value={m.link}
          aria-describedby={m.copyFailed ? 'waiver-copy-failed' : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="actions">
        <Button variant="secondary" onClick={() => m.copy()}>
          {copy.copyLink}
        </Button>
        {canShare ? (
          <Button variant="secondary" onClick={() => m.share()}>
            {copy.share}
          </Button>
        ) : null}
        <a href={m.link} target="_blank" rel="noopener noreferrer">
          {copy.openLink}
        </a>
      </div>
      {m.copyFailed ? (
        <p id="waiver-copy-failed" className="muted" role="status">
          {copy.copyFailed}
        </p>
      ) : null}
      <div className="actions">
        <Button data-primary-action="" onClick={() => m.next()}>
          {copy.continue}
        </Button>
      </div>
    </section>
  );
}
