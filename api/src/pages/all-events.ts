import { calls, formatMoney, ticketUnitCost } from '@checkout/shared';
import { niceDate } from '../catalogue/dates';
import { currencyOf, toDecimal } from '../catalogue/money';
import type { Db } from '../db/schema';
import { activeHeld, availableOf } from '../inventory/holds';
import { html, type SafeHtml } from '../web/html';

/** How many of a ticket the quantity menu offers at most (the per-customer cap usually bites first). */
const MENU_MAX = 20;

async function loadListing(db: Db, now: Date, organiserSlug: string | undefined) {
  let tickets = db
    .selectFrom('ticket_types as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('event_dates as d', 'd.id', 't.event_date_id')
    .innerJoin('organisers as o', 'o.id', 'e.organiser_id')
    .select([
      't.id',
      't.name',
      't.description',
      't.price_minor',
      't.currency',
      't.booking_fee_minor',
      't.absorb_fee',
      't.hide_booking_fee',
      't.capacity',
      't.sold',
      activeHeld('t').as('held'),
      't.max_per_customer',
      't.min_per_customer',
      'e.id as event_id',
      'e.slug as event_slug',
      'e.title as event_title',
      'e.description as event_description',
      'e.thumbnail',
      'e.location',
      'e.timezone',
      'd.starts_at',
      'o.name as organiser_name',
    ])
    .where('e.published', '=', true)
    .where('t.on_sale', '=', true)
    .where('d.starts_at', '>', now)
    .orderBy('d.starts_at')
    .orderBy('e.id')
    .orderBy('t.sort_order')
    .orderBy('t.id');
  let vouchers = db
    .selectFrom('gift_vouchers as g')
    .innerJoin('organisers as o', 'o.id', 'g.organiser_id')
    .select(['g.id', 'g.name', 'g.currency', 'g.values_minor', 'g.max_per_customer', 'o.name as organiser_name'])
    .where('g.on_sale', '=', true)
    .orderBy('g.id');
  if (organiserSlug) {
    tickets = tickets.where('o.slug', '=', organiserSlug);
    vouchers = vouchers.where('o.slug', '=', organiserSlug);
  }
  return Promise.all([tickets.execute(), vouchers.execute()]);
}

type TicketRow = Awaited<ReturnType<typeof loadListing>>[0][number];
type VoucherRow = Awaited<ReturnType<typeof loadListing>>[1][number];

/**
 * The ticket's all-in price (ticketUnitCost): what the basket will charge for one, with the booking fee in it named
 * as small print unless the event hides its fees or the organiser absorbs them.
 */
function priceText(row: TicketRow): SafeHtml {
  const { symbol } = currencyOf(row.currency);
  // What one costs the buyer in all: the booking fee on top, or inside a price that absorbs it (a price below its
  // absorbed fee still costs the whole fee).
  const allIn = ticketUnitCost({
    priceMinor: row.price_minor,
    bookingFeeMinor: row.booking_fee_minor,
    absorbFee: row.absorb_fee,
  });
  const price = allIn <= 0 ? 'FREE' : formatMoney(toDecimal(allIn), symbol);
  const fee =
    allIn > 0 && row.booking_fee_minor > 0 && !row.hide_booking_fee && !row.absorb_fee
      ? html` <span class="ticket__fee">incl. ${formatMoney(toDecimal(row.booking_fee_minor), symbol)} booking fee</span>`
      : '';
  return html`<span class="ticket__price">${price}</span>${fee}`;
}

function ticketItem(row: TicketRow): SafeHtml {
  const available = availableOf(row);
  const most = Math.min(row.max_per_customer, available, MENU_MAX);
  const description = row.description ? html`<span class="muted">${row.description}</span>` : '';
  const buy =
    most < row.min_per_customer
      ? html`<p class="sold-out">Sold out</p>`
      : html`<form class="add-to-basket" method="post" action="${calls.addToBasket.path}" data-add-to-basket>
<input type="hidden" name="ticket_id" value="${row.id}">
<label>Quantity <select name="quantity">${Array.from(
          { length: most - row.min_per_customer + 1 },
          (_, i) => row.min_per_customer + i,
        ).map((n) => html`<option value="${n}">${n}</option>`)}</select></label>
<button class="btn btn--primary" type="submit" aria-label="${`Add to basket: ${row.name}, ${row.event_title}`}">Add to basket</button>
<p role="status" aria-live="polite" class="form-status"></p>
</form>`;
  return html`<li class="ticket" data-ticket-id="${row.id}">
<div class="stack" style="gap:var(--s-1)"><span class="ticket__name">${row.name}</span>
<span class="ticket__date">${niceDate(row.starts_at, row.timezone)}</span>${description}<span>${priceText(row)}</span></div>
${buy}
</li>`;
}

function voucherItem(row: VoucherRow): SafeHtml {
  const { symbol } = currencyOf(row.currency);
  return html`<li class="ticket" data-gift-voucher-id="${row.id}">
<div class="stack" style="gap:var(--s-1)"><span class="ticket__name">${row.name}</span><span class="muted">${row.organiser_name}</span></div>
<form class="add-to-basket" method="post" action="${calls.addToBasket.path}" data-add-to-basket>
<input type="hidden" name="gift_voucher_id" value="${row.id}">
<input type="hidden" name="qty" value="1">
<label>Value <select name="value">${row.values_minor.map((minor) => html`<option value="${toDecimal(minor).toFixed(2)}">${formatMoney(toDecimal(minor), symbol)}</option>`)}</select></label>
<button class="btn btn--primary" type="submit" aria-label="${`Add to basket: ${row.name}`}">Add to basket</button>
<p role="status" aria-live="polite" class="form-status"></p>
</form>
</li>`;
}

/** The /all-events/ listing: upcoming events, their ticket types and prices, an add-to-basket form per ticket. */
export async function renderAllEvents(db: Db, now: Date, organiserSlug: string | undefined): Promise<SafeHtml> {
  const [tickets, vouchers] = await loadListing(db, now, organiserSlug);
  const events = new Map<number, TicketRow[]>();
  for (const row of tickets) {
    const list = events.get(row.event_id) ?? [];
    list.push(row);
    events.set(row.event_id, list);
  }
  const articles = [...events.values()].map((rows) => {
    const first = rows[0] as TicketRow;
    const thumb = first.thumbnail
      ? html`<img class="event__thumb" src="${first.thumbnail}" alt="" loading="lazy">`
      : '';
    return html`<article class="card event" id="${first.event_slug}" aria-labelledby="${`event-${first.event_id}`}">
${thumb}<h2 id="${`event-${first.event_id}`}">${first.event_title}</h2>
<p class="event__meta">${first.organiser_name}${first.location ? ` · ${first.location}` : ''}</p>
${first.event_description ? html`<p>${first.event_description}</p>` : ''}
<ul class="tickets">${rows.map(ticketItem)}</ul>
</article>`;
  });
  const voucherSection = vouchers.length
    ? html`<section class="card event" aria-labelledby="gift-vouchers"><h2 id="gift-vouchers">Gift vouchers</h2><ul class="tickets">${vouchers.map(voucherItem)}</ul></section>`
    : '';
  return html`<h1>All events</h1>
<noscript><p class="alert alert--warning">Adding tickets to your basket needs JavaScript.</p></noscript>
${articles.length ? articles : html`<p>There are no upcoming events right now.</p>`}
${voucherSection}
<p><a class="btn btn--primary" href="/checkout/">Go to checkout</a></p>`;
}
