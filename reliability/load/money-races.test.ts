/**
 * Money races (load), over HTTP against two api processes on one PostgreSQL database: every way of paying (card
 * sandbox intent and confirm, 3-D Secure and its return, bank transfer with the portal, square-type, free claim, the
 * first payment of an instalment plan) raced against the basket changing in another tab of the same session
 * (quantity and reserve again, a discount code, refund protection, a donation with Gift Aid, a paid ticket added to a
 * free basket), a second tab paying with its own idempotency key, and the hold expiring. fast-check picks the
 * interleavings: which tab's next step goes next, whether it waits for the steps before it or runs beside them, and
 * which api process serves it. Then the fixed cases an attacker found.
 *
 * After every race, once the payment jobs have drained (refunds given back, approved bank payments settled): the
 * api's reconcile finds no mismatch for the race's sales (collected − refunded = the price of what was sold, 0 for
 * what was not), every payment a provider collected is in the ledger, the providers keep exactly what the sale owes,
 * the tickets issued are the tickets paid for, and for every ticket type touched held = the active holds, sold = the
 * sold holds, held + sold + available = capacity.
 *
 * The hold expiring: a race that expires the hold brings its end forward to now (+0 to 300 ms) in the database, and
 * both processes' sweepers (every 200 ms) and the lapse checks of every call take it from there; sometimes a rival
 * buyer then reserves the whole stock, so a payment arriving late finds it gone. HOLD_SECONDS stays long so that no
 * other step of a race, nor a fixed case, lapses by accident on a slow machine.
 *
 * A provider whose cancel loses the race (the buyer confirmed at the provider just before our cancel reached it) is
 * simulated as the server tests do: the sandbox intent is marked succeeded in the database, and the provider's return
 * (/do/checkout/stripe_auth/) brings the news to the server. A bank payment approved at the portal before the basket
 * changed cannot be cancelled any more: it executes and is settled by the bank job, which is the same race for real.
 *
 * Bounded: one race per pair of way of paying and basket change (26), then 14 random ones, within 110 s. To chase a
 * failure: MONEY_RACES_SEED replays a seed, MONEY_RACES_RUNS sets the random races, MONEY_RACES_ONLY=bank:quantity,…
 * narrows the pairs, MONEY_RACES_SHRINK=1 lets fast-check shrink (each try is real HTTP), MONEY_RACES_LOG=1 prints
 * every race with its answers.
 */
import fc from 'fast-check';
import { calls } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/payment';
import { countFigure, highestFigure } from '../support/figures';
import type { ApiProcess } from '../support/api-process';
import { startTwoApis, stopTwoApis, type TwoApis } from '../support/two-apis';
import { Buyer, CARD_OK, newKey, paths, payByCard, type Answer } from '../support/buyer';
import { describeWithPostgres, type TestDatabase } from '../support/postgres';
import { sampleStock } from '../support/stock';
import { eventually, sleep } from '../support/wait';
import {
  browse,
  collectAnyway,
  freshType,
  galaAnswers,
  intentIdOf,
  Ledger,
  moneyJobsDue,
  saleMoney,
  salesOfTypes,
  settled,
  soldToUnpaid,
  type SaleMoney,
} from '../support/money';

jest.setTimeout(60_000);

const CARD_3DS = '4000 0027 6000 3184';
/** Each race's ticket type: enough for the buyer's 1 (3 after a quantity change), all of it for a rival after expiry. */
const CAPACITY = 4;
const GALA_DINNER = 101;
const LIFEBOAT = 1;
const P = {
  add: calls.addToBasket.path,
  quantity: calls.updateTicketQuantity.path,
  reserve: calls.reserveTickets.path,
  code: calls.setCode.path,
  refundProtection: calls.updateRefundProtection.path,
  donation: calls.saveDonation.path,
  giftAid: calls.updateDonation.path,
  answers: calls.saveQuestionAnswers.path,
  getToken: calls.getToken.path,
  payBank: calls.payWithTruelayer.path,
  bankStatus: calls.getTruelayerStatus.path,
  paySquare: calls.payWithSquare.path,
  claimFree: calls.claimFreeTickets.path,
  payPlan: calls.payWithInstalment.path,
  deliver: calls.deliverToBitticket.path,
  confirm: paths.confirm,
  tokenize: paths.tokenize,
  paymentMethods: '/sandbox/stripe/payment_methods',
  threeDs: '/sandbox/stripe/3ds',
  bankPortal: '/sandbox/truelayer/authorize',
  stripeReturn: '/do/checkout/stripe_auth/',
} as const;

const cardForm = (clientSecret: string, number = CARD_OK) => ({
  client_secret: clientSecret,
  number,
  exp_month: '12',
  exp_year: '34',
  cvc: '123',
  postcode: 'BN1 1AA',
});
const cardFields = { number: CARD_OK, exp_month: '12', exp_year: '34', cvc: '123', postcode: 'BN1 1AA' };
const billing = { 'billing_address_data[postcode]': 'BN1 1AA', 'billing_address_data[country_code]': '1' };
const giftAidForm = { is_gift_aid: 1, subscribe: 0, uk_based: 1, address1: '1 Harbour Road', postcode: 'BN1 1AA' };

// ---- The races -------------------------------------------------------------------------------------------------

type Method = 'card' | 'card3ds' | 'bank' | 'square' | 'free' | 'instalment';
type Change = 'none' | 'quantity' | 'code' | 'refundProtection' | 'donation' | 'addPaid';
type Tab = 'payer' | 'second' | 'change' | 'clock';

/** The basket changes each way of paying can meet (donation only where the event takes one: the gala, card-paid). */
const CHANGES: Record<Method, readonly Change[]> = {
  card: ['none', 'quantity', 'code', 'refundProtection', 'donation'],
  card3ds: ['none', 'quantity', 'code', 'refundProtection', 'donation'],
  bank: ['none', 'quantity', 'code', 'refundProtection'],
  square: ['none', 'quantity', 'code', 'refundProtection'],
  free: ['none', 'quantity', 'code', 'addPaid'],
  instalment: ['none', 'quantity', 'code', 'refundProtection'],
};
const COMBOS: readonly (readonly [Method, Change])[] = (Object.keys(CHANGES) as Method[]).flatMap((method) =>
  CHANGES[method].map((change) => [method, change] as const),
);

interface RaceShape {
  method: Method;
  change: Change;
  /** A second tab of the same session pays too, with its own idempotency key. */
  secondTab: boolean;
  /**
   * The hold's end brought forward to now + delayMs; competitor: another buyer then reserves the whole stock (so a
   * payment arriving after the expiry finds it gone); reserveAgain: the buyer presses Reserve again afterwards.
   */
  expiry: { delayMs: number; competitor: boolean; reserveAgain: boolean } | null;
  /** Card only: the provider collects the payer's intent whatever the server asked (its cancel lost the race). */
  providerRace: boolean;
}

interface Race extends RaceShape {
  /** A permutation of the step slots: which tab moves next (each tab keeps its own order). */
  order: number[];
  /** overlap[i]: the i-th step starts beside the steps before it instead of after them. */
  overlap: boolean[];
  /** The api process of each step, then of the setup and the final delivery call. */
  via: (0 | 1)[];
}

/** Each tab's steps, in its own order. */
function tabSteps(shape: RaceShape): Record<Tab, string[]> {
  const paying = (method: Method, providerRace: boolean): string[] => {
    switch (method) {
      case 'card':
        return ['create', providerRace ? 'collect' : 'confirm'];
      case 'card3ds':
        return ['create', 'confirm3ds', providerRace ? 'collect' : 'authenticate'];
      case 'bank':
        return ['create', 'approve', 'status'];
      case 'square':
        return ['tokenize', 'pay'];
      case 'free':
        return ['claim'];
      case 'instalment':
        return ['card', 'pay'];
    }
  };
  const changing: Record<Change, string[]> = {
    none: [],
    quantity: ['quantity', 'reserve'],
    code: ['code', 'reserve'],
    refundProtection: ['refundProtection'],
    donation: ['donation', 'giftAid'],
    addPaid: ['addPaid', 'reserve'],
  };
  return {
    payer: paying(shape.method, shape.providerRace),
    second: shape.secondTab ? paying(shape.method, false) : [],
    change: changing[shape.change],
    clock: shape.expiry
      ? ['expire', ...(shape.expiry.competitor ? ['compete'] : []), ...(shape.expiry.reserveAgain ? ['reserve'] : [])]
      : [],
  };
}

const TABS: readonly Tab[] = ['payer', 'second', 'change', 'clock'];
/** The tab of each step slot: slot k of `order` is the next step of this tab. */
const slotsOf = (shape: RaceShape): Tab[] => {
  const steps = tabSteps(shape);
  return TABS.flatMap((tab) => steps[tab].map(() => tab));
};

const shapeArb = (combos: readonly (readonly [Method, Change])[]) =>
  fc
    .record({
      combo: fc.constantFrom(...combos),
      secondTab: fc.boolean(),
      expiry: fc.oneof(
        { arbitrary: fc.constant(null), weight: 2 },
        {
          arbitrary: fc.record({
            delayMs: fc.constantFrom(0, 120, 300),
            competitor: fc.boolean(),
            reserveAgain: fc.boolean(),
          }),
          weight: 1,
        },
      ),
      providerRace: fc.boolean(),
    })
    .map(({ combo: [method, change], secondTab, expiry, providerRace }): RaceShape => ({
      method,
      change,
      secondTab,
      expiry,
      // A provider race needs a basket change for the collected intent to be stale, and a card intent to collect.
      providerRace: providerRace && change !== 'none' && (method === 'card' || method === 'card3ds'),
    }));

const raceArb = (combos: readonly (readonly [Method, Change])[]) =>
  shapeArb(combos).chain((shape) => {
    const n = slotsOf(shape).length;
    const slots = Array.from({ length: n }, (_, i) => i);
    return fc
      .record({
        order: fc.shuffledSubarray(slots, { minLength: n, maxLength: n }),
        overlap: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        via: fc.array(fc.constantFrom<0 | 1>(0, 1), { minLength: n + 2, maxLength: n + 2 }),
      })
      .map((rest): Race => ({ ...shape, ...rest }));
  });

const describeRace = (race: Race) => {
  const slots = slotsOf(race);
  const steps = tabSteps(race);
  const next: Record<Tab, number> = { payer: 0, second: 0, change: 0, clock: 0 };
  const sequence = race.order.map((slot, i) => {
    const tab = slots[slot]!;
    const label = `${tab}.${steps[tab][next[tab]]}@${race.via[i]}`;
    next[tab] += 1;
    return `${race.overlap[i] ? '‖' : '→'}${label}`;
  });
  const expiry = race.expiry
    ? ` expiry+${race.expiry.delayMs}ms${race.expiry.competitor ? '+competitor' : ''}${race.expiry.reserveAgain ? '+reserve' : ''}`
    : '';
  return `${race.method} × ${race.change}${race.secondTab ? ' × second tab' : ''}${expiry}${race.providerRace ? ' × provider race' : ''}: ${sequence.join(' ')}`;
};

// ---- The suite -----------------------------------------------------------------------------------------------------

describeWithPostgres('money races over two api processes', () => {
  let database: TestDatabase;
  let apis: ApiProcess[] = [];
  let stack: TwoApis | undefined;
  let ledger: Ledger | undefined;
  const base = (i: number) => apis[i % 2]!.baseURL;
  const outcomes = { paid: 0, paidAndRefunded: 0, refunded: 0, refused: 0 };
  let races = 0;
  let requests = 0;
  let providerRaces = 0;

  beforeAll(async () => {
    stack = await startTwoApis({
      CAPTCHA_RESERVE_LIMIT: '0',
      HOLD_SECONDS: '120',
      HOLD_SWEEP_MS: '200',
      PAYMENT_JOBS_MS: '200',
      SANDBOX_BANK_SETTLE_MS: '300',
    });
    ({ database, apis } = stack);
    ledger = await Ledger.open(database.url);
  }, 90_000);

  afterAll(async () => {
    await ledger?.close();
    await stopTwoApis(stack);
  });

  /** Every answer of a race or fixed case, kept to check that none was a server error. */
  const answers: { what: string; answer: Answer }[] = [];
  async function send(
    buyer: Buyer,
    what: string,
    pathname: string,
    form: Parameters<Buyer['post']>[1],
    via: number,
  ): Promise<Answer> {
    requests += 1;
    const answer = await buyer.post(pathname, form, { via: base(via) });
    answers.push({ what, answer });
    return answer;
  }
  /** A provider page or the provider's return, as the buyer's browser opens it (kept with the answers). */
  async function visit(buyer: Buyer, what: string, via: number, pathname: string, form?: Record<string, string>) {
    requests += 1;
    const page = await browse(buyer, base(via), pathname, form);
    answers.push({ what, answer: { status: page.status, body: page.location, json: {} } });
    return page;
  }
  /** Where the current race or fixed case began in `answers` (a failed race does not fail the next ones). */
  let caseStart = 0;
  beforeEach(() => {
    caseStart = answers.length;
  });
  const serverErrors = (from = 0) =>
    answers
      .slice(from)
      .filter(({ answer }) => answer.status >= 500)
      .map(({ what, answer }) => `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);

  async function saleIdOf(reference: unknown): Promise<number> {
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM sales WHERE reference = $1', [
      reference,
    ]);
    if (!rows[0]) throw new Error(`no sale ${JSON.stringify(reference)}`);
    return rows[0].id;
  }

  /** A buyer (one browser session, its tabs share the cookies) holding a reservation of `qty` of a type. */
  async function reservedBuyer(ticketTypeId: number, qty: number, via = 0): Promise<{ buyer: Buyer; saleId: number }> {
    const buyer = new Buyer(base(via));
    await buyer.start();
    const added = await send(buyer, 'add', P.add, { ticket_id: ticketTypeId, quantity: qty }, via);
    if (added.json.success !== true) throw new Error(`add_to_basket refused: ${JSON.stringify(added.body)}`);
    const reserved = await send(buyer, 'reserve', P.reserve, {}, via + 1);
    if (reserved.json.reserved !== true) throw new Error(`reserve refused: ${JSON.stringify(reserved.body)}`);
    return { buyer, saleId: await saleIdOf(reserved.json.sale_reference) };
  }

  /** The gala's two mandatory questions answered for `qty` tickets. */
  async function answerGala(buyer: Buyer, ticketTypeId: number, qty: number, via = 0): Promise<void> {
    const answered = await send(
      buyer,
      'answers',
      P.answers,
      { answers: galaAnswers(ticketTypeId, qty), before_or_after: 'before' },
      via,
    );
    if (answered.status !== 200)
      throw new Error(`save_question_answers: ${answered.status} ${JSON.stringify(answered.body)}`);
  }

  /** The buyer's own card to pay a plan with (the sandbox's payment method, as the page's card form makes it). */
  async function planCard(buyer: Buyer, via: number): Promise<Record<string, unknown> | undefined> {
    const card = await send(
      buyer,
      'payment method',
      P.paymentMethods,
      { number: CARD_OK, exp_month: '12', exp_year: '2035', cvc: '123', name: 'Robin Guest' },
      via,
    );
    return card.status === 200 ? { ...card.json, make_default_payment_method: false } : undefined;
  }

  const planForm = (card: Record<string, unknown>, key: string) =>
    ({
      instalment_option: 2,
      contact_number: '07700900456',
      selected_payment_method_id: 'new',
      new_payment_method: card,
      idempotency_key: key,
    }) as never;

  /** Polls the bank status as the page does after the portal, until it is no longer pending (or `withinMs`). */
  async function bankStatus(buyer: Buyer, via: number, withinMs = 2500): Promise<Record<string, unknown>> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const answer = await send(buyer, 'bank status', P.bankStatus, {}, via);
      const status = (answer.json.truelayer_status ?? {}) as Record<string, unknown>;
      answers[answers.length - 1]!.what = `bank status ${String(status.status)}`;
      if (answer.status !== 200 || status.status !== 'pending' || Date.now() > deadline)
        return { http: answer.status, ...status };
      await sleep(150);
    }
  }

  /**
   * Waits for the payment jobs to be done with these sales, then checks every money rule on them and on the ticket
   * types: reconcile, the providers' side, the tickets issued, the stock. Answers each sale's money.
   */
  async function settleAndCheck(
    label: string,
    ticketTypeIds: readonly number[],
    options: {
      squareTokens?: ReadonlyMap<number, readonly string[]>;
      /** Every paid sale had at most one payment taken at a provider. */
      chargedOnce?: boolean;
      extraSales?: readonly number[];
      /** The sales whose tickets were asked for (deliver_to_bitticket) after the races: all of them when absent. */
      delivered?: readonly number[];
    } = {},
  ): Promise<SaleMoney[]> {
    const saleIds = [
      ...new Set([...(await salesOfTypes(database.pool, ticketTypeIds)), ...(options.extraSales ?? [])]),
    ];
    const read = async () => ({
      money: await Promise.all(saleIds.map((id) => saleMoney(database.pool, id, options.squareTokens))),
      jobs: await moneyJobsDue(database.pool),
    });
    const final = await eventually(read, ({ money, jobs }) => settled(money, jobs), 15_000, 100);
    const context = `${label}\n${JSON.stringify(final.money)}`;
    const errors = serverErrors(caseStart);
    if (errors.length > 0) console.log(`api logs:\n${apis.map((api) => api.log()).join('\n----\n')}`);
    expect({ context, errors }).toEqual({ context, errors: [] });
    expect({ context, mismatches: await ledger!.mismatches(saleIds) }).toEqual({ context, mismatches: [] });
    for (const money of final.money) {
      // Drained: every refund given back, every collected payment known to the ledger.
      expect({
        context,
        sale: money.saleId,
        pendingRefunds: money.pendingRefunds,
        unrecorded: money.unrecorded,
      }).toEqual({ context, sale: money.saleId, pendingRefunds: 0, unrecorded: [] });
      // The providers keep exactly what the sale owes: its price when paid (the instalments paid, for a plan), else 0.
      expect({ context, sale: money.saleId, kept: money.keptAtProvider }).toEqual({
        context,
        sale: money.saleId,
        kept: money.owed,
      });
      // Tickets: sold only to a paid sale; issued (by the delivery call) exactly the ones sold, none while a plan runs
      // (a sale whose delivery was not asked for has none issued, or all).
      if (money.status !== 'paid')
        expect({ context, sale: money.saleId, sold: money.ticketsSold }).toEqual({
          context,
          sale: money.saleId,
          sold: 0,
        });
      const deliverable = money.status === 'paid' && !money.planRemaining ? money.ticketsSold : 0;
      const asked = !options.delivered || options.delivered.includes(money.saleId);
      const issued = asked || money.ticketsIssued !== 0 ? deliverable : 0;
      expect({ context, sale: money.saleId, issued: money.ticketsIssued }).toEqual({
        context,
        sale: money.saleId,
        issued,
      });
      if (options.chargedOnce)
        expect({ context, sale: money.saleId, charges: Math.min(money.charges, 2) }).toEqual({
          context,
          sale: money.saleId,
          charges: Math.min(money.charges, 1),
        });
    }
    for (const ticketTypeId of ticketTypeIds) {
      const stock = await sampleStock(database.pool, ticketTypeId);
      expect({
        context,
        ticketTypeId,
        held: stock.held,
        sold: stock.sold,
        whole: stock.held + stock.sold + stock.available,
      }).toEqual({
        context,
        ticketTypeId,
        held: stock.activeHolds,
        sold: stock.paidTickets,
        whole: stock.capacity,
      });
      expect(stock.available).toBeGreaterThanOrEqual(0);
    }
    expect({ context, givenAway: await soldToUnpaid(database.pool, ticketTypeIds) }).toEqual({ context, givenAway: 0 });
    return final.money;
  }

  function tally(money: readonly SaleMoney[]): keyof typeof outcomes {
    const paid = money.some((sale) => sale.status === 'paid');
    const refunded = money.some((sale) => sale.refunded > 0);
    const outcome = paid ? (refunded ? 'paidAndRefunded' : 'paid') : refunded ? 'refunded' : 'refused';
    outcomes[outcome] += 1;
    return outcome;
  }

  /** Whatever a step's tab learnt from the answers before (its payment's ids). */
  interface TabState {
    key: string;
    clientSecret?: string;
    awaitsAuthentication?: boolean;
    bankPaymentId?: string;
    squareToken?: string;
    card?: Record<string, unknown>;
  }

  /** Runs one race end to end and checks it. */
  async function runRace(race: Race): Promise<string> {
    const label = describeRace(race);
    const answersBefore = answers.length;
    caseStart = answersBefore;
    const setupVia = race.via[race.via.length - 2]!;
    const main =
      race.change === 'donation'
        ? await freshType(database.pool, 'gala', { price: 4500, capacity: CAPACITY })
        : await freshType(
            database.pool,
            race.method === 'bank' || race.method === 'square'
              ? 'square'
              : race.method === 'instalment'
                ? 'plans'
                : 'card',
            {
              price: race.method === 'free' ? 0 : race.method === 'instalment' ? 9900 : 1000,
              capacity: CAPACITY,
            },
          );
    const paidExtra =
      race.change === 'addPaid' ? await freshType(database.pool, 'card', { price: 2500, capacity: 12 }) : undefined;
    const types = paidExtra ? [main, paidExtra] : [main];
    const { buyer, saleId } = await reservedBuyer(main, 1, setupVia);
    if (race.change === 'donation') await answerGala(buyer, main, 1, setupVia);
    // A plan's schedule is emailed: the address the account step leaves on the sale (not what this suite races).
    if (race.method === 'instalment')
      await database.pool.query('UPDATE sales SET email = $1 WHERE id = $2', [`plan-${saleId}@example.com`, saleId]);

    const tabs: Record<'payer' | 'second', TabState> = { payer: { key: newKey() }, second: { key: newKey() } };
    const squareTokens = new Map<number, string[]>([[saleId, []]]);

    const paymentStep = async (tab: 'payer' | 'second', step: string, via: number): Promise<void> => {
      const state = tabs[tab];
      const what = `${tab}.${step}`;
      switch (`${race.method}.${step}`) {
        case 'card.create':
        case 'card3ds.create': {
          const answer = await send(buyer, what, P.getToken, { idempotency_key: state.key }, via);
          if (answer.status === 200 && typeof answer.json.client_secret === 'string')
            state.clientSecret = answer.json.client_secret;
          return;
        }
        case 'card.confirm':
          if (state.clientSecret) await send(buyer, what, P.confirm, cardForm(state.clientSecret), via);
          return;
        case 'card3ds.confirm3ds':
          if (state.clientSecret)
            state.awaitsAuthentication =
              (await send(buyer, what, P.confirm, cardForm(state.clientSecret, CARD_3DS), via)).json.status ===
              'requires_action';
          return;
        case 'card3ds.authenticate': {
          if (!state.clientSecret || !state.awaitsAuthentication) return;
          // The provider's 3-D Secure page, then its redirect back to our return route.
          const page = await visit(buyer, what, via, P.threeDs, {
            pi: intentIdOf(state.clientSecret),
            outcome: 'complete',
          });
          if (page.location) await visit(buyer, `${what} return`, via + 1, page.location);
          return;
        }
        case 'card.collect':
        case 'card3ds.collect': {
          if (!state.clientSecret) return;
          const intentId = intentIdOf(state.clientSecret);
          await collectAnyway(database.pool, intentId);
          providerRaces += 1;
          await visit(
            buyer,
            `${what} return`,
            via,
            `${P.stripeReturn}?payment_intent=${intentId}&redirect_status=succeeded`,
          );
          return;
        }
        case 'bank.create': {
          const answer = await send(buyer, what, P.payBank, { contact_number: '', idempotency_key: state.key }, via);
          if (typeof answer.json.auth_url === 'string')
            state.bankPaymentId = new URL(answer.json.auth_url, base(via)).searchParams.get('payment_id') ?? undefined;
          return;
        }
        case 'bank.approve':
          if (state.bankPaymentId)
            await visit(buyer, what, via, P.bankPortal, { payment_id: state.bankPaymentId, action: 'approve' });
          return;
        case 'bank.status':
          if (state.bankPaymentId) await bankStatus(buyer, via);
          return;
        case 'square.tokenize': {
          const answer = await send(buyer, what, P.tokenize, cardFields, via);
          if (typeof answer.json.token === 'string') {
            state.squareToken = answer.json.token;
            squareTokens.get(saleId)!.push(answer.json.token);
          }
          return;
        }
        case 'square.pay':
          if (state.squareToken)
            await send(
              buyer,
              what,
              P.paySquare,
              { source_id: state.squareToken, idempotency_key: state.key, ...billing },
              via,
            );
          return;
        case 'free.claim':
          await send(
            buyer,
            what,
            P.claimFree,
            { email: `free-${saleId}@example.com`, idempotency_key: state.key },
            via,
          );
          return;
        case 'instalment.card':
          state.card = await planCard(buyer, via);
          return;
        case 'instalment.pay':
          if (state.card) await send(buyer, what, P.payPlan, planForm(state.card, state.key), via);
          return;
        default:
          throw new Error(`no step ${race.method}.${step}`);
      }
    };

    const otherStep = async (tab: 'change' | 'clock', step: string, via: number): Promise<void> => {
      const what = `${tab}.${step}`;
      switch (step) {
        case 'quantity':
          await send(buyer, what, P.quantity, { ticket_id: main, quantity: 3 }, via);
          return;
        case 'reserve':
          await send(buyer, what, P.reserve, {}, via);
          return;
        case 'code':
          await send(buyer, what, P.code, { code: 'SAVE10' }, via);
          return;
        case 'refundProtection':
          await send(buyer, what, P.refundProtection, { refund_protection: true }, via);
          return;
        case 'donation':
          await send(buyer, what, P.donation, { amount_before_booking_fee: 50, charity_id: LIFEBOAT }, via);
          return;
        case 'giftAid':
          await send(buyer, what, P.giftAid, giftAidForm, via);
          return;
        case 'addPaid':
          await send(buyer, what, P.add, { ticket_id: paidExtra!, quantity: 2 }, via);
          return;
        case 'compete': {
          // Another buyer wants the whole stock: theirs once the sweep (or their own reservation) ends the lapsed hold.
          const rival = new Buyer(base(via));
          await send(rival, 'rival add', P.add, { ticket_id: main, quantity: CAPACITY }, via);
          for (let attempt = 0; attempt < 3; attempt += 1) {
            if ((await send(rival, 'rival reserve', P.reserve, {}, via + attempt)).json.reserved === true) return;
            await sleep(150);
          }
          return;
        }
        case 'expire': {
          const at = new Date(Date.now() + (race.expiry?.delayMs ?? 0));
          await database.pool.query(`UPDATE holds SET expires_at = $2 WHERE sale_id = $1 AND status = 'active'`, [
            saleId,
            at,
          ]);
          await database.pool.query(`UPDATE sales SET hold_expires_at = $2 WHERE id = $1 AND status = 'reserved'`, [
            saleId,
            at,
          ]);
          return;
        }
        default:
          throw new Error(`no step ${step}`);
      }
    };

    const slots = slotsOf(race);
    const steps = tabSteps(race);
    const next: Record<Tab, number> = { payer: 0, second: 0, change: 0, clock: 0 };
    const chains: Partial<Record<Tab, Promise<void>>> = {};
    let running: Promise<void>[] = [];
    for (const [i, slot] of race.order.entries()) {
      const tab = slots[slot]!;
      const step = steps[tab][next[tab]]!;
      next[tab] += 1;
      if (!race.overlap[i]) {
        await Promise.all(running);
        running = [];
      }
      const via = race.via[i]!;
      const run =
        tab === 'payer' || tab === 'second' ? () => paymentStep(tab, step, via) : () => otherStep(tab, step, via);
      const chained = (chains[tab] ?? Promise.resolve()).then(run);
      chains[tab] = chained;
      running.push(chained);
    }
    await Promise.all(Object.values(chains));
    // The page asks for its tickets once it believes it paid; the server confirms with the provider first. It asks for
    // the session's current sale (a new one if the basket was changed after the sale was paid).
    const last = race.via[race.via.length - 1]!;
    // A sale refunded after its hold expired is no longer the session's: no current sale then.
    const reference = (await buyer.get(paths.get, { via: base(last) })).json.sale_reference;
    const delivered = reference ? [await saleIdOf(reference)] : [];
    await send(buyer, 'deliver', P.deliver, {}, last);

    const money = await settleAndCheck(label, types, {
      squareTokens,
      chargedOnce: race.change === 'none' && !race.providerRace,
      delivered,
    });
    races += 1;
    const outcome = tally(money);
    if (process.env.MONEY_RACES_LOG === '1') {
      const said = answers
        .slice(answersBefore)
        .map(
          ({ what, answer }) =>
            `${what} ${answer.status}${answer.status >= 400 ? ` ${JSON.stringify(answer.json.error ?? answer.body).slice(0, 80)}` : ''}`,
        );
      console.log(`${outcome}: ${label}\n  ${said.join('\n  ')}`);
    }
    return outcome;
  }

  test('property: every way of paying raced against basket changes, a second tab and the hold expiring', async () => {
    const seed = process.env.MONEY_RACES_SEED
      ? Number(process.env.MONEY_RACES_SEED)
      : Date.now() ^ (Math.random() * 0x7fffffff);
    // Every pair of a way of paying and a basket change runs at least once (its other dimensions drawn at random),
    // then random races until the count or the time budget is reached.
    // MONEY_RACES_ONLY=method:change,… narrows the races (to chase one failure).
    const only = process.env.MONEY_RACES_ONLY
      ? COMBOS.filter(([method, change]) => process.env.MONEY_RACES_ONLY!.split(',').includes(`${method}:${change}`))
      : COMBOS;
    const examples = only.map((combo, i) => fc.sample(raceArb([combo]), { numRuns: 1, seed: seed + i })[0]!);
    const signatures = new Set<string>();
    const methods = new Map<Method, number>();
    const started = Date.now();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(raceArb(only), async (race) => {
        runs += 1;
        signatures.add(describeRace(race));
        methods.set(race.method, (methods.get(race.method) ?? 0) + 1);
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`race still running after 40 s: ${describeRace(race)}`)), 40_000).unref(),
        );
        await Promise.race([runRace(race), timeout]);
      }),
      {
        seed,
        // The examples count among the runs.
        numRuns: only.length + Number(process.env.MONEY_RACES_RUNS ?? 14),
        examples: examples.map((race) => [race] as [Race]),
        interruptAfterTimeLimit: 110_000,
        endOnFailure: process.env.MONEY_RACES_SHRINK !== '1',
        verbose: 1,
      },
    );
    // The time budget may stop the random races early; the pairs of method and change must all have run.
    expect(runs).toBeGreaterThanOrEqual(only.length);
    console.log(
      `money races: seed ${seed}, ${runs} races in ${((Date.now() - started) / 1000).toFixed(1)} s (${[...methods].map(([m, n]) => `${m} ${n}`).join(', ')}), ` +
        `outcomes ${JSON.stringify(outcomes)}, ${providerRaces} provider races, ${requests} requests`,
    );
    countFigure(
      'load.money.races',
      runs,
      'money races run (a way of paying × a basket change × a second tab × the hold expiring, two api processes)',
    );
    countFigure(
      'load.money.interleavings',
      signatures.size,
      'distinct interleavings run (tab order, overlap, api process of each step)',
    );
    for (const [method, n] of methods) countFigure(`load.money.method.${method}`, n, `money races paying by ${method}`);
  }, 150_000);

  // ---- The fixed cases ---------------------------------------------------------------------------------------------

  test('card: paid for 1, raised to 10 in another tab and reserved again; the old payment never buys 10', async () => {
    const type = await freshType(database.pool, 'card', { price: 10_400, capacity: 20 });
    const { buyer, saleId } = await reservedBuyer(type, 1);
    const stale = String((await send(buyer, 'token', P.getToken, { idempotency_key: newKey() }, 0)).json.client_secret);
    expect((await send(buyer, 'quantity', P.quantity, { ticket_id: type, quantity: 10 }, 1)).json).toEqual({
      success: true,
    });
    expect((await send(buyer, 'reserve', P.reserve, {}, 0)).json.reserved).toBe(true);
    // The old client secret, confirmed: the provider refuses (the intent was cancelled with the change).
    const refused = await send(buyer, 'old confirm', P.confirm, cardForm(stale), 1);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ message: messages.paymentCancelledBasketChanged });
    // The provider collected it anyway (its cancel lost the race): the return settles nothing and refunds it.
    await collectAnyway(database.pool, intentIdOf(stale));
    expect(
      (await browse(buyer, base(0), `${P.stripeReturn}?payment_intent=${intentIdOf(stale)}&redirect_status=succeeded`))
        .status,
    ).toBe(303);
    expect((await send(buyer, 'deliver', P.deliver, {}, 1)).json.delivery_completed).toBe(false);
    expect(await sampleStock(database.pool, type)).toMatchObject({ sold: 0, held: 10 });
    let [money] = await settleAndCheck('fixed card', [type]);
    expect(money).toMatchObject({
      status: 'reserved',
      charges: 1,
      keptAtProvider: 0,
      refunded: 10_400,
      ticketsIssued: 0,
    });
    // Paying the basket as it is now buys the 10.
    expect((await payByCard(buyer, { via: base(1) })).json).toEqual({ status: 'succeeded' });
    expect((await send(buyer, 'deliver', P.deliver, {}, 0)).json.delivery_completed).toBe(true);
    [money] = await settleAndCheck('fixed card, paid', [type]);
    expect(money).toMatchObject({
      saleId,
      status: 'paid',
      owed: 104_000,
      keptAtProvider: 104_000,
      ticketsSold: 10,
      ticketsIssued: 10,
    });
    tally([money!]);
  });

  test('bank transfer: approved for 1, raised to 10 and reserved again; executed, it is refunded, never buys 10', async () => {
    const type = await freshType(database.pool, 'square', { price: 1_600, capacity: 40 });
    // Approved at the bank before the change: the bank can no longer cancel it, it executes.
    {
      const { buyer, saleId } = await reservedBuyer(type, 1);
      const started = await send(buyer, 'pay bank', P.payBank, { contact_number: '', idempotency_key: newKey() }, 0);
      const paymentId = new URL(String(started.json.auth_url), base(0)).searchParams.get('payment_id')!;
      expect((await browse(buyer, base(1), P.bankPortal, { payment_id: paymentId, action: 'approve' })).status).toBe(
        303,
      );
      expect((await send(buyer, 'quantity', P.quantity, { ticket_id: type, quantity: 10 }, 1)).json).toEqual({
        success: true,
      });
      expect((await send(buyer, 'reserve', P.reserve, {}, 0)).json.reserved).toBe(true);
      // First 'cancelled with the change' (the bank still authorising), then, executed, refunded.
      const status = await eventually(
        () => bankStatus(buyer, 0, 0),
        (s) => s.truelayer_status_error === messages.paymentRefundedBasketChanged,
        5_000,
        150,
      );
      expect(status).toMatchObject({
        status: 'failed',
        payment_completed: false,
        truelayer_status_error: messages.paymentRefundedBasketChanged,
      });
      const [money] = await settleAndCheck('fixed bank, approved', [type], { extraSales: [saleId] });
      expect(money).toMatchObject({
        status: 'reserved',
        charges: 1,
        keptAtProvider: 0,
        refunded: 1_600,
        ticketsSold: 0,
      });
      expect(await sampleStock(database.pool, type)).toMatchObject({ sold: 0, held: 10 });
      tally([money!]);
    }
    // Not approved: the change cancelled it; a bank that executed it anyway is refunded too.
    const { buyer, saleId } = await reservedBuyer(type, 1);
    const started = await send(buyer, 'pay bank', P.payBank, { contact_number: '', idempotency_key: newKey() }, 1);
    const paymentId = new URL(String(started.json.auth_url), base(1)).searchParams.get('payment_id')!;
    expect((await send(buyer, 'quantity', P.quantity, { ticket_id: type, quantity: 10 }, 0)).json).toEqual({
      success: true,
    });
    expect((await send(buyer, 'reserve', P.reserve, {}, 1)).json.reserved).toBe(true);
    await database.pool.query(`UPDATE sandbox_bank_payments SET status = 'executed' WHERE id = $1`, [paymentId]);
    expect(await bankStatus(buyer, 0, 0)).toMatchObject({
      status: 'failed',
      truelayer_status_error: messages.paymentRefundedBasketChanged,
    });
    let money = (await settleAndCheck('fixed bank, executed anyway', [type])).find((m) => m.saleId === saleId)!;
    expect(money).toMatchObject({ status: 'reserved', keptAtProvider: 0, refunded: 1_600 });
    // A new bank payment for the basket as it is pays for the 10.
    const again = await send(buyer, 'pay bank again', P.payBank, { contact_number: '', idempotency_key: newKey() }, 0);
    const next = new URL(String(again.json.auth_url), base(0)).searchParams.get('payment_id')!;
    expect(next).not.toBe(paymentId);
    expect((await browse(buyer, base(1), P.bankPortal, { payment_id: next, action: 'approve' })).status).toBe(303);
    expect(
      await eventually(
        () => bankStatus(buyer, 1, 0),
        (s) => s.status !== 'pending',
        5_000,
        150,
      ),
    ).toMatchObject({ status: 'executed', payment_completed: true });
    expect((await send(buyer, 'deliver', P.deliver, {}, 0)).json.delivery_completed).toBe(true);
    money = (await settleAndCheck('fixed bank, paid', [type])).find((m) => m.saleId === saleId)!;
    expect(money).toMatchObject({
      status: 'paid',
      owed: 16_000,
      keptAtProvider: 16_000,
      ticketsSold: 10,
      ticketsIssued: 10,
    });
    tally([money]);
  });

  test('gala: refund protection, a £5,000 donation and Gift Aid added after the payment was made; the old payments are refunded', async () => {
    const { buyer, saleId } = await reservedBuyer(GALA_DINNER, 1);
    // Both mandatory before-payment questions first: without them no payment is made at all.
    await answerGala(buyer, GALA_DINNER, 1);
    const ticketOnly = String(
      (await send(buyer, 'token', P.getToken, { idempotency_key: newKey() }, 0)).json.client_secret,
    );
    expect((await send(buyer, 'refund protection', P.refundProtection, { refund_protection: true }, 1)).json).toEqual({
      success: true,
    });
    const withProtection = String(
      (await send(buyer, 'token', P.getToken, { idempotency_key: newKey() }, 1)).json.client_secret,
    );
    expect(withProtection).not.toBe(ticketOnly);
    expect(
      (await send(buyer, 'donation', P.donation, { amount_before_booking_fee: 5000, charity_id: LIFEBOAT }, 0)).status,
    ).toBe(200);
    expect((await send(buyer, 'gift aid', P.giftAid, giftAidForm, 1)).status).toBe(200);
    // Both older intents are dead: confirming is refused; collected anyway, each is refunded and buys nothing.
    for (const stale of [ticketOnly, withProtection]) {
      const refused = await send(buyer, 'old confirm', P.confirm, cardForm(stale), 0);
      expect(refused.status).toBe(402);
      await collectAnyway(database.pool, intentIdOf(stale));
      await browse(buyer, base(1), `${P.stripeReturn}?payment_intent=${intentIdOf(stale)}`);
    }
    const [refunded] = await settleAndCheck('fixed gala, stale intents', [GALA_DINNER], { extraSales: [saleId] }).then(
      (all) => all.filter((m) => m.saleId === saleId),
    );
    expect(refunded).toMatchObject({ status: 'reserved', charges: 2, keptAtProvider: 0, ticketsSold: 0 });
    // Paying now pays for everything chosen, and the Gift Aid declaration stands beside the paid donation.
    expect((await payByCard(buyer, { via: base(0) })).json).toEqual({ status: 'succeeded' });
    const { rows } = await database.pool.query<{ amount_minor: number; components: string }>(
      `SELECT amount_minor, components FROM payments WHERE sale_id = $1 AND status = 'paid'`,
      [saleId],
    );
    expect(JSON.parse(rows[0]!.components)).toMatchObject({
      donation_minor: 500_000,
      gift_aid: true,
      charity_id: LIFEBOAT,
      total_minor: rows[0]!.amount_minor,
    });
    expect(JSON.parse(rows[0]!.components).refund_protection_minor).toBeGreaterThan(0);
    expect(
      (await database.pool.query('SELECT sale_id FROM gift_aid_declarations WHERE sale_id = $1', [saleId])).rows,
    ).toHaveLength(1);
    expect((await send(buyer, 'deliver', P.deliver, {}, 1)).json.delivery_completed).toBe(true);
    const [paid] = (await settleAndCheck('fixed gala, paid', [GALA_DINNER], { extraSales: [saleId] })).filter(
      (m) => m.saleId === saleId,
    );
    expect(paid).toMatchObject({
      status: 'paid',
      charges: 3,
      owed: rows[0]!.amount_minor,
      keptAtProvider: rows[0]!.amount_minor,
      ticketsIssued: 1,
    });
    tally([paid!]);
  });

  test('square: a payment racing a quantity change, 20 times, never sells 8 tickets for the price of 1', async () => {
    const type = await freshType(database.pool, 'square', { price: 1_000, capacity: 200 });
    const tokens = new Map<number, string[]>();
    const results: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const { buyer, saleId } = await reservedBuyer(type, 1, round);
      const token = String((await send(buyer, 'tokenize', P.tokenize, cardFields, round)).json.token);
      tokens.set(saleId, [token]);
      await Promise.all([
        send(buyer, 'pay square', P.paySquare, { source_id: token, idempotency_key: newKey(), ...billing }, round).then(
          () => undefined,
        ),
        // The other tab starts 0 to 45 ms later, so that either may reach the sale's lock first.
        sleep((round % 4) * 15)
          .then(() => send(buyer, 'quantity', P.quantity, { ticket_id: type, quantity: 8 }, round + 1))
          .then(() => send(buyer, 'reserve', P.reserve, {}, round)),
      ]);
      await send(buyer, 'deliver', P.deliver, {}, round + 1);
      const money = await saleMoney(database.pool, saleId, tokens);
      // Paid: for exactly what it sold (the payment settled first and the change was refused, or the other way round).
      if (money.status === 'paid') expect(money.owed).toBe(money.ticketsSold * 1_000);
      else expect(money.ticketsSold).toBe(0);
      results.push(money.status === 'paid' ? `paid ${money.ticketsSold}` : 'not paid');
    }
    const all = await settleAndCheck('fixed square × quantity', [type], { squareTokens: tokens, chargedOnce: true });
    for (const money of all) tally([money]);
    countFigure(
      'load.money.fixed.squareVsQuantity',
      20,
      'square payments raced against a quantity change (fixed case)',
    );
    console.log(`square × quantity: ${results.join(', ')}`);
  });

  test('free claim racing a paid ticket added in another tab never gives the paid ticket away', async () => {
    const free = await freshType(database.pool, 'card', { price: 0, capacity: 100 });
    const paid = await freshType(database.pool, 'card', { price: 9_900, capacity: 100 });
    const delivered: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const { buyer } = await reservedBuyer(free, 1, round);
      await Promise.all([
        send(
          buyer,
          'claim',
          P.claimFree,
          { email: `free-race-${round}@example.com`, idempotency_key: newKey() },
          round,
        ),
        send(buyer, 'add paid', P.add, { ticket_id: paid, quantity: 5 }, round + 1),
      ]);
      expect((await sampleStock(database.pool, paid)).sold).toBe(0);
      // The tickets of the claimed sale (the add may have opened a new basket: then the claim's sale is not current).
      const current = await saleIdOf((await buyer.get(paths.get, { via: base(round) })).json.sale_reference);
      await send(buyer, 'deliver', P.deliver, {}, round);
      delivered.push(current);
    }
    const all = await settleAndCheck('fixed free × paid ticket', [free, paid], { delivered });
    // Any sale holding the paid ticket is unpaid, and no money moved anywhere.
    expect(all.every((money) => money.keptAtProvider === 0 && money.charges === 0)).toBe(true);
    for (const money of all) tally([money]);
    countFigure('load.money.fixed.freeVsPaid', 10, 'free claims raced against a paid ticket added (fixed case)');
  });

  test('two tabs, each with its own key, paying at once (20 tries per way of paying): never two charges at the provider', async () => {
    const cardType = await freshType(database.pool, 'card', { price: 1_000, capacity: 60 });
    const squareType = await freshType(database.pool, 'square', { price: 1_000, capacity: 60 });
    const tokens = new Map<number, string[]>();
    for (let round = 0; round < 20; round += 1) {
      {
        const { buyer } = await reservedBuyer(cardType, 2, round);
        const confirms = await Promise.all([
          payByCard(buyer, { key: newKey(), via: base(round) }),
          payByCard(buyer, { key: newKey(), via: base(round + 1) }),
        ]);
        requests += 4;
        // At least one tab is told it paid; the other is told so too, or that the checkout is paid already.
        expect(confirms.some((answer) => answer.json.status === 'succeeded')).toBe(true);
        await send(buyer, 'deliver', P.deliver, {}, round);
      }
      {
        const { buyer, saleId } = await reservedBuyer(squareType, 2, round);
        const [a, b] = await Promise.all([
          send(buyer, 'tokenize', P.tokenize, cardFields, round),
          send(buyer, 'tokenize', P.tokenize, cardFields, round + 1),
        ]);
        tokens.set(saleId, [String(a.json.token), String(b.json.token)]);
        const paid = await Promise.all([
          send(
            buyer,
            'pay square',
            P.paySquare,
            { source_id: String(a.json.token), idempotency_key: newKey(), ...billing },
            round,
          ),
          send(
            buyer,
            'pay square',
            P.paySquare,
            { source_id: String(b.json.token), idempotency_key: newKey(), ...billing },
            round + 1,
          ),
        ]);
        expect(paid.some((answer) => answer.json.payment_completed === true)).toBe(true);
        await send(buyer, 'deliver', P.deliver, {}, round + 1);
      }
    }
    const all = await settleAndCheck('fixed two tabs', [cardType, squareType], {
      squareTokens: tokens,
      chargedOnce: true,
    });
    expect(all.filter((money) => money.status === 'paid')).toHaveLength(40);
    const extra = all.reduce((sum, money) => sum + Math.max(0, money.charges - 1), 0);
    highestFigure(
      'load.money.extraCharges',
      extra,
      'payments taken at a provider beyond one per sale by two tabs paying at once (must be 0)',
    );
    countFigure(
      'load.money.fixed.twoTabs',
      40,
      'checkouts paid by two tabs at once, each with its own key (card and square)',
    );
    for (const money of all) tally([money]);
  });

  test('a mandatory question before payment left unanswered: every payment is refused and nothing reaches a provider', async () => {
    const type = await freshType(database.pool, 'gala', { price: 4_500, capacity: 10 });
    const { buyer, saleId } = await reservedBuyer(type, 1);
    const refused = await send(buyer, 'token', P.getToken, { idempotency_key: newKey() }, 0);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      messages.questionsUnanswered('Dietary requirements; Name of the guest using this ticket'),
    );
    expect(
      (await database.pool.query('SELECT id FROM sale_provider_payments WHERE sale_id = $1', [saleId])).rows,
    ).toEqual([]);
    await answerGala(buyer, type, 1, 1);
    expect((await send(buyer, 'token', P.getToken, { idempotency_key: newKey() }, 1)).status).toBe(200);
    // A second ticket brings its own unanswered questions: refused again, the open intent cancelled by the change.
    expect((await send(buyer, 'quantity', P.quantity, { ticket_id: type, quantity: 2 }, 0)).json).toEqual({
      success: true,
    });
    expect((await send(buyer, 'reserve', P.reserve, {}, 1)).json.reserved).toBe(true);
    const again = await send(buyer, 'token', P.getToken, { idempotency_key: newKey() }, 0);
    expect(again.status).toBe(409);
    expect(String(again.json.error)).toContain('Please answer these questions before paying');
    const [money] = await settleAndCheck('fixed unanswered', [type]);
    expect(money).toMatchObject({ status: 'reserved', charges: 0, keptAtProvider: 0 });
    countFigure(
      'load.money.refusedUnanswered',
      2,
      'payments refused for an unanswered mandatory question (nothing reached a provider)',
    );
    tally([money!]);
  });

  test('the whole database reconciles: 0 mismatches', async () => {
    await eventually(
      () => moneyJobsDue(database.pool),
      (n) => n === 0,
      15_000,
      100,
    );
    const report = await ledger!.report();
    expect(report.mismatches).toEqual([]);
    expect(serverErrors()).toEqual([]);
    console.log(
      `reconcile: ${report.sales} sales, ${report.testMoney.collectedMinor} collected, ${report.testMoney.refundedMinor} refunded (test money), 0 mismatches; outcomes ${JSON.stringify(outcomes)}`,
    );
    countFigure(
      'load.money.outcome.paid',
      outcomes.paid,
      'money races and fixed cases ending paid (money kept = price of what was sold)',
    );
    countFigure(
      'load.money.outcome.paidAndRefunded',
      outcomes.paidAndRefunded,
      'ending paid, with a stale or second payment refunded',
    );
    countFigure(
      'load.money.outcome.refunded',
      outcomes.refunded,
      'ending unpaid with the money collected refunded in full',
    );
    countFigure(
      'load.money.outcome.refused',
      outcomes.refused,
      'ending unpaid with no money moved (payment refused or cancelled before it was taken)',
    );
    countFigure(
      'load.money.providerRaces',
      providerRaces,
      'card intents collected at the provider after the server cancelled them (settled as refunds)',
    );
    countFigure('load.money.requests', requests, 'requests sent by the money races and fixed cases');
    highestFigure(
      'load.money.mismatches',
      report.mismatches.length,
      'reconcile mismatches on the money-race database (must be 0)',
    );
    expect(races).toBeGreaterThan(0);
  });
});
