import { useUnit } from 'effector-react';
import { Button, Modal } from '@checkout/shared/ui';
import { copy } from '../copy';
import {
  $canSendFeedback,
  $feedbackMessage,
  $feedbackOpen,
  $feedbackSending,
  feedbackChanged,
  feedbackClosed,
  feedbackSent,
} from '../model';

/** 'How did we do?': a Feedback textarea, Close, and Send (disabled while sending or empty). */
export function FeedbackModal() {
  const m = useUnit({
    open: $feedbackOpen,
    message: $feedbackMessage,
    sending: $feedbackSending,
    canSend: $canSendFeedback,
    changed: feedbackChanged,
    closed: feedbackClosed,
    sent: feedbackSent,
  });
  const f = copy.feedback;
  return (
    <Modal
      title={f.title}
      open={m.open}
      onClose={() => m.closed()}
      footer={
        <div className="cluster">
          <Button variant="secondary" onClick={() => m.closed()}>
            {f.close}
          </Button>
          <Button loading={m.sending} disabled={!m.canSend} onClick={() => m.sent()}>
            {f.send}
          </Button>
        </div>
      }
    >
      <div className="field">
        <label htmlFor="order-completed-feedback" className="field__label">
          {f.label}
        </label>
        <textarea
          id="order-completed-feedback"
          className="field__input"
          rows={5}
          maxLength={5000}
          value={m.message}
          onChange={(event) => m.changed(event.target.value)}
        />
      </div>
    </Modal>
  );
}
