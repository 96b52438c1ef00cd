import { useUnit } from 'effector-react';
import { sharingText, type Event } from '@checkout/shared';
import { Button, Modal } from '@checkout/shared/ui';
import { copy } from '../copy';
import { $copied, $referralLink, $shareOpen, copyClicked, shareClosed } from '../model';

/** The share modal: one block per event with its read-only message and Copy; Close only for a single event. */
export function ShareModal({ events }: { events: readonly Event[] }) {
  const m = useUnit({ open: $shareOpen, link: $referralLink, copied: $copied, copyClicked, closed: shareClosed });
  const s = copy.share;
  return (
    <Modal
      title={s.title}
      open={m.open}
      onClose={() => m.closed()}
      footer={
        events.length === 1 ? (
          <Button variant="secondary" onClick={() => m.closed()}>
            {s.close}
          </Button>
        ) : undefined
      }
    >
      <div className="stack">
        {events.map((event) => {
          const text = sharingText(event, m.link);
          const id = `share-${event.id}`;
          const copied = m.copied.includes(event.id);
          return (
            <div key={event.id} className="oc-share stack">
              <h3 className="oc-share__title">{event.title}</h3>
              <label htmlFor={id} className="sr-only">
                {s.messageLabel(event.title)}
              </label>
              <textarea id={id} className="field__input" readOnly rows={3} value={text} />
              <div>
                <Button
                  variant="secondary"
                  aria-describedby={`${id}-title`}
                  onClick={() => m.copyClicked({ eventId: event.id, text })}
                >
                  <span aria-live="polite">{copied ? s.copied : s.copy}</span>
                </Button>
                <span id={`${id}-title`} hidden>
                  {event.title}
                </span>
              </div>
            </div>
          );
        })}
      </div>
    </Modal>
  );
}
