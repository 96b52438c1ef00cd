import { questionSteps, type Checkout, type TicketQuestion, type TicketQuestions } from '@checkout/shared';
import { sampleCheckout } from '@checkout/shared/testing';
import { copy } from './copy';
import { stepNotices } from './notices';

const q = (id: number, ticket_id: number, once = false): TicketQuestion => ({
  id,
  ticket_id,
  osq_id: null,
  question: `Question ${id}`,
  type: 'text',
  mandatory: '0',
  once_per_checkout: once ? '1' : '0',
  prepopulated_array: [],
});

/**
 * Two events: the Winter Gala (ticket 11 x2, flagged for the fundraising notice when asked) and the Jazz Brunch
 * (ticket 12 x1), so a notice can be seen to wait for the first step about its own event.
 */
function checkout(flagged: readonly number[], diversity = false): Checkout {
  const c = sampleCheckout();
  const [gala] = c.events;
  if (!gala) throw new Error('the sample checkout has an event');
  const brunch = { ...gala, id: 102, title: 'Sunday Jazz Brunch' };
  return {
    ...c,
    tickets: c.tickets.map((line) => (line.ticket_id === 12 ? { ...line, event_id: 102 } : line)),
    events: [gala, brunch].map((event) => ({ ...event, fundraising_contact_notice: flagged.includes(event.id) })),
    organisers: c.organisers.map((organiser) => ({ ...organiser, audience_diversity_notice: diversity })),
  };
}

const gala = copy.fundraisingNotice('Winter Gala at the Riverside');
const brunch = copy.fundraisingNotice('Sunday Jazz Brunch');
const diversity = copy.diversityNotice('Riverside Live');

function noticesOf(c: Checkout, questions: TicketQuestions): Record<string, string[]> {
  return Object.fromEntries(stepNotices(questionSteps(questions, c.tickets), c));
}

test.each<[string, Checkout, TicketQuestions, Record<string, string[]>]>([
  [
    // Guest names before payment: the basket step does not exist, the first ticket step is where they are given.
    'before payment, per-ticket questions only: on the first ticket step of the flagged event',
    checkout([101]),
    { '11': [q(2, 11)] },
    { ticket_11_1: [gala], ticket_11_2: [] },
  ],
  [
    'after payment, a once-per-checkout question: on the basket step, not again on the ticket steps',
    checkout([101]),
    { '11': [q(3, 11, true), q(4, 11)] },
    { basket: [gala], ticket_11_1: [], ticket_11_2: [] },
  ],
  [
    "an event's notice waits for the first step about that event's tickets",
    checkout([102]),
    { '11': [q(2, 11)], '12': [q(2, 12)] },
    { ticket_11_1: [], ticket_11_2: [], ticket_12_1: [brunch] },
  ],
  [
    'two flagged events: each once, where each is first asked about',
    checkout([101, 102]),
    { '11': [q(2, 11)], '12': [q(2, 12)] },
    { ticket_11_1: [gala], ticket_11_2: [], ticket_12_1: [brunch] },
  ],
  [
    'no flagged event asked about: no notice',
    checkout([102]),
    { '11': [q(2, 11)] },
    { ticket_11_1: [], ticket_11_2: [] },
  ],
  [
    'the audience-diversity notice opens the form, whichever step is first',
    checkout([], true),
    { '12': [q(2, 12)] },
    { ticket_12_1: [diversity] },
  ],
])('%s', (_name, c, questions, expected) => {
  expect(noticesOf(c, questions)).toEqual(expected);
});

test('no checkout yet or no steps: nothing to say', () => {
  expect(stepNotices([], checkout([101]))).toEqual(new Map());
  expect(stepNotices(questionSteps({ '11': [q(2, 11)] }, checkout([101]).tickets), null)).toEqual(
    new Map([
      ['ticket_11_1', []],
      ['ticket_11_2', []],
    ]),
  );
});
