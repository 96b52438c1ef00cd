import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import { type Checkout, type TicketQuestion } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/questions';
import { fakeStepProps, sampleCheckout, type FakeApiHandlers } from '@checkout/shared/testing';
import { QuestionsStep } from './Step';

const q = (id: number, ticket_id: number, over: Partial<TicketQuestion> = {}): TicketQuestion => ({
  id,
  ticket_id,
  osq_id: null,
  question: `Question ${id}`,
  type: 'text',
  mandatory: '0',
  once_per_checkout: '0',
  prepopulated_array: [],
  ...over,
});
const diet = (t: number) =>
  q(1, t, {
    question: 'Dietary requirements',
    type: 'dropdown',
    mandatory: '1',
    prepopulated_array: ['None', 'Vegan'],
  });
const guest = (t: number) => q(2, t, { question: 'Name of the guest using this ticket', mandatory: '1' });
const heard = (t: number) => q(3, t, { question: 'How did you hear about us?', once_per_checkout: '1', osq_id: 500 });
const largePrint = (t: number) =>
  q(4, t, {
    question: 'Would you like a <em>large-print</em> programme?<img src=x onerror="window.__xss=1">',
    type: 'checkbox',
    mandatory: '1',
  });

// sampleCheckout: ticket 11 'Adult' x2, ticket 12 'Child (under 16)' x1.
function open(
  state: 'ticket_questions_before' | 'ticket_questions_after',
  over: Partial<Checkout>,
  api: Partial<FakeApiHandlers> = {},
) {
  const checkout = sampleCheckout({ state, payment_complete: state === 'ticket_questions_after', ...over });
  const props = fakeStepProps({ state, checkout, api });
  const view = render(
    <Provider value={props.scope}>
      <QuestionsStep {...props} />
    </Provider>,
  );
  return { props, ...view };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const stepList = () => screen.getByRole('list', { name: 'Question steps' });

test('before payment: a step per ticket with its name, asterisk and Required, validation, ticks, then the answers are saved', async () => {
  const { props } = open('ticket_questions_before', { before_payment_questions: { '11': [diet(11), guest(11)] } });
  expect(screen.getByRole('heading', { level: 1, name: 'Ticket Questions' })).toHaveFocus();
  expect(
    within(stepList())
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Ticket 1', 'Ticket 2']);
  expect(screen.getByRole('heading', { level: 2, name: 'Ticket 1' })).toBeInTheDocument();
  expect(screen.getByText('Adult')).toBeInTheDocument();

  const name = await screen.findByRole('textbox', { name: 'Name of the guest using this ticket' });
  expect(name).toHaveAccessibleDescription('Required');
  expect(name.closest('.question')?.querySelector('.question__asterisk')).toHaveTextContent('*');
  const dropdown = screen.getByRole('combobox', { name: 'Dietary requirements' });
  expect(
    within(dropdown)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Choose an answer', 'None', 'Vegan']);

  // Continue with the name missing: the step stays, each missing answer says so, focus goes to the first.
  await userEvent.selectOptions(dropdown, 'Vegan');
  await userEvent.click(continueButton());
  expect(screen.getByRole('heading', { level: 2, name: 'Ticket 1' })).toBeInTheDocument();
  expect(screen.getByText(messages.answerRequired)).toBeInTheDocument();
  expect(name).toHaveFocus();
  expect(name).toHaveAccessibleDescription(`Required ${messages.answerRequired}`);

  await userEvent.type(name, 'Ann Lee');
  expect(screen.queryByText(messages.answerRequired)).not.toBeInTheDocument();
  await userEvent.click(continueButton());
  expect(screen.getByRole('heading', { level: 2, name: 'Ticket 2' })).toHaveFocus();
  expect(within(stepList()).getByRole('button', { name: 'Ticket 1 (completed)' })).toBeInTheDocument();
  expect(within(stepList()).getByRole('button', { name: 'Ticket 2' })).toHaveAttribute('aria-current', 'step');
  expect(screen.queryByText(messages.answerRequired)).not.toBeInTheDocument();

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dietary requirements' }), 'None');
  await userEvent.type(screen.getByRole('textbox', { name: 'Name of the guest using this ticket' }), 'Bo Lee');
  await userEvent.click(continueButton());
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('payment'));
  expect(props.api.payloadsOf('saveQuestionAnswers')).toEqual([
    {
      answers: { answer_11_1_1: 'Vegan', answer_11_2_1: 'Ann Lee', answer_11_1_2: 'None', answer_11_2_2: 'Bo Lee' },
      before_or_after: 'before',
    },
  ]);
});

test("before payment, a flagged event's guest names: its fundraising notice is on the first ticket step, where they are given", async () => {
  const checkout = sampleCheckout();
  open('ticket_questions_before', {
    before_payment_questions: { '11': [diet(11), guest(11)] },
    events: checkout.events.map((event) => ({ ...event, fundraising_contact_notice: true })),
  });
  expect(screen.getByRole('heading', { level: 2, name: 'Ticket 1' })).toBeInTheDocument();
  expect(
    screen.getByText(
      'Winter Gala at the Riverside raises money for charity. The organiser may use the contact details and answers you give here to tell you about its fundraising. You can ask them to stop at any time.',
    ),
  ).toBeInTheDocument();
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name of the guest using this ticket' }), 'Ann Lee');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dietary requirements' }), 'None');
  await userEvent.click(continueButton());
  expect(screen.getByRole('heading', { level: 2, name: 'Ticket 2' })).toHaveFocus();
  expect(screen.queryByText(/raises money for charity/)).not.toBeInTheDocument();
});

test('after payment: the basket step asks a shared question once, with the notices; the checkbox question text is cleaned HTML', async () => {
  const checkout = sampleCheckout();
  const { props, container } = open('ticket_questions_after', {
    after_payment_questions: { '11': [heard(11), largePrint(11)], '12': [heard(12)] },
    events: checkout.events.map((event) => ({ ...event, fundraising_contact_notice: true })),
    organisers: checkout.organisers.map((organiser) => ({ ...organiser, audience_diversity_notice: true })),
  });
  // The basket step asks nothing mandatory: seen, it is already complete and ticked.
  expect(
    within(stepList())
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['✓Basket / Applies to all (completed)', 'Ticket 1', 'Ticket 2']);
  expect(screen.getByRole('heading', { level: 2, name: 'Basket / Applies to all' })).toBeInTheDocument();
  expect(screen.getAllByRole('textbox')).toHaveLength(1);
  expect(screen.getByText(/^Winter Gala at the Riverside raises money for charity/)).toBeInTheDocument();
  expect(screen.getByText(/^Riverside Live asks some of these questions/)).toBeInTheDocument();
  await userEvent.type(await screen.findByRole('textbox', { name: 'How did you hear about us?' }), 'A friend');
  await userEvent.click(continueButton());

  const box = await screen.findByRole('checkbox', { name: 'Would you like a large-print programme?' });
  expect(box.closest('.question')?.querySelector('em')).toHaveTextContent('large-print');
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(screen.queryByText(/raises money for charity/)).not.toBeInTheDocument();
  // A mandatory checkbox counts only when ticked.
  await userEvent.click(continueButton());
  await userEvent.click(continueButton());
  expect(screen.getByText(messages.answerRequired)).toBeInTheDocument();
  await userEvent.click(box);
  await userEvent.click(continueButton());
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Would you like a large-print programme?' }));
  await userEvent.click(continueButton());
  await waitFor(() => expect(props.api.payloadsOf('saveQuestionAnswers')).toHaveLength(1));
  expect(props.api.payloadsOf('saveQuestionAnswers')[0]).toEqual({
    answers: { answer_11_3: 'A friend', answer_11_4_1: '1', answer_11_4_2: '1' },
    before_or_after: 'after',
  });
  expect((window as { __xss?: unknown }).__xss).toBeUndefined();
});

test('questions_set false: the save message shows and the buyer stays on the questions', async () => {
  const { props } = open(
    'ticket_questions_before',
    { before_payment_questions: { '12': [q(9, 12)] } },
    { saveQuestionAnswers: async () => ({ questions_set: false }) },
  );
  expect(screen.queryByRole('list', { name: 'Question steps' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Ticket 1' })).toBeInTheDocument();
  expect(screen.getByText('Child (under 16)')).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'Question 9' })).not.toHaveAccessibleDescription();
  await userEvent.click(continueButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.saveAnswersFailed);
  expect(props.notifications().map((n) => n.text)).toEqual([messages.saveAnswersFailed]);
  expect(props.scope.getState(props.stores.$state)).toBe('ticket_questions_before');
});
