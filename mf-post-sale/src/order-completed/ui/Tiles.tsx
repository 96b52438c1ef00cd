import { useUnit } from 'effector-react';
import { livestreamEvents, shareTileText, type Event, type OrderCompletedTile } from '@checkout/shared';
import { ticketsAfterLastInstalment } from '@checkout/shared/messages/order-completed';
import { Button } from '@checkout/shared/ui';
import { copy } from '../copy';
import { feedbackOpened, shareOpened, viewChosen } from '../model';
import { FeedbackModal } from './FeedbackModal';
import { ShareModal } from './ShareModal';

/** Wallet page of the api (the ticket wallet page, account/wallet/). */
export const WALLET_URL = '/account/wallet/';

/** A payment plan still being paid: its tickets come after the last instalment (its due date as the server wrote it). */
export interface PlanPending {
  lastDue: string | null;
}

/**
 * The tiles, in order, each behind its condition (rules/order-completed.ts). The wallet tile promises QR codes
 * only when the tickets are issued: a payment plan's come after its last instalment, and the tile says when.
 */
export function Tiles({
  tiles,
  events,
  plan = null,
}: {
  tiles: readonly OrderCompletedTile[];
  events: readonly Event[];
  plan?: PlanPending | null;
}) {
  const m = useUnit({ openFeedback: feedbackOpened, openShare: shareOpened, choose: viewChosen });
  if (tiles.length === 0) return null;
  const t = copy.tiles;
  const tile = (kind: OrderCompletedTile) => {
    switch (kind) {
      case 'livestream':
        return (
          <>
            <h2 className="oc-tile__title">{t.livestream}</h2>
            <ul className="oc-tile__links">
              {livestreamEvents(events).map((event) => (
                <li key={event.id}>
                  <a href={event.access_online ?? '#'} target="_blank" rel="noopener noreferrer">
                    {t.watch(event.title)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        );
      case 'wallet':
        return (
          <>
            <a className="oc-tile__action" href={WALLET_URL}>
              {t.wallet}
            </a>
            <p className="muted">{plan ? ticketsAfterLastInstalment(plan.lastDue) : t.walletText}</p>
          </>
        );
      case 'feedback':
        return (
          <>
            <Button variant="link" className="oc-tile__action" onClick={() => m.openFeedback()}>
              {t.feedback}
            </Button>
            <p className="muted">{t.feedbackText}</p>
          </>
        );
      case 'transfer':
        return (
          <>
            <Button variant="link" className="oc-tile__action" onClick={() => m.choose('transfer_tickets')}>
              {t.transfer}
            </Button>
            <p className="muted">{t.transferText}</p>
          </>
        );
      case 'find_a_place':
        return (
          <>
            <Button variant="link" className="oc-tile__action" onClick={() => m.choose('find_a_place')}>
              {t.findAPlace}
            </Button>
            <p className="muted">{t.findAPlaceText}</p>
          </>
        );
      case 'share':
        return (
          <>
            <Button variant="link" className="oc-tile__action" onClick={() => m.openShare()}>
              {shareTileText(events)}
            </Button>
            <p className="muted">{t.shareText}</p>
          </>
        );
    }
  };
  return (
    <>
      <ul className="oc-tiles" aria-label={copy.tilesLabel}>
        {tiles.map((kind) => (
          <li key={kind} className={`oc-tile oc-tile--${kind}`}>
            {tile(kind)}
          </li>
        ))}
      </ul>
      <FeedbackModal />
      {tiles.includes('share') ? <ShareModal events={events} /> : null}
    </>
  );
}
