import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { act, render, screen, within } from '@testing-library/react';
import type { CheckoutState } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, $secondsRemaining, $state, reloadCheckout } from '../model';
import { fakeServer, handlersOf } from '../model/test-handlers';
import { brandOf } from './brand';
import { Header } from './Header';

function renderHeader(state: CheckoutState, seconds: number | null = null, brand = brandOf({})) {
  const scope = fork({
    values: [
      [$state, state],
      [$secondsRemaining, seconds],
      [$checkout, sampleCheckout({ state })],
    ],
  });
  render(
    <Provider value={scope}>
      <Header brand={brand} />
    </Provider>,
  );
}

const progress = () => screen.getByRole('list', { name: 'Checkout progress' });

describe('Header', () => {
  test('before any reservation it still shows the marketplace and where the buyer is: never an empty strip', () => {
    renderHeader('basket');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/all-events/');
    expect(within(banner).queryByRole('timer')).not.toBeInTheDocument();
    expect(
      within(progress())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Basket', '2Details', '3Payment', '4Tickets']);
  });

  test.each<[CheckoutState, string]>([
    ['captcha', 'Basket'],
    ['login', 'Details'],
    ['ticket_questions_before', 'Details'],
    ['awaiting_truelayer', 'Payment'],
    ['order_completed', 'Tickets'],
  ])('on %s the current stage is %s, marked aria-current="step"', (state, stage) => {
    renderHeader(state, 600);
    const current = within(progress())
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent(stage);
  });

  test('stages already passed are ticked, the rest numbered', () => {
    renderHeader('payment', 600);
    expect(
      within(progress())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓Basket', '✓Details', '3Payment', '4Tickets']);
  });

  test('while the checkout is determined no stage is current yet', () => {
    renderHeader('determining');
    expect(
      within(progress())
        .getAllByRole('listitem')
        .some((item) => item.hasAttribute('aria-current')),
    ).toBe(false);
  });

  test('after reserving, the countdown joins the marketplace in the banner', () => {
    renderHeader('login', 845);
    expect(within(screen.getByRole('banner')).getByRole('timer')).toHaveTextContent('Tickets reserved for');
  });

  test("a configured name and logo replace the built-in ones; the logo's alt is empty, the name says it", () => {
    renderHeader('basket', null, brandOf({ marketplaceName: 'Fair Tickets', marketplaceLogoUrl: '/brand/logo.svg' }));
    const link = screen.getByRole('link', { name: 'Fair Tickets' });
    expect(link.querySelector('img')).toHaveAttribute('src', '/brand/logo.svg');
    expect(link.querySelector('img')).toHaveAttribute('alt', '');
    expect(link.querySelector('svg')).toBeNull();
  });

  test('while some way of paying takes test money, a note above the banner says TEST MODE', async () => {
    const server = fakeServer({ checkout: sampleCheckout({ state: 'payment', test_mode: false }) });
    const scope = fork({
      values: [
        [$state, 'payment'],
        [$checkout, sampleCheckout({ state: 'payment', test_mode: true })],
      ],
      handlers: handlersOf(server),
    });
    render(
      <Provider value={scope}>
        <Header brand={brandOf({})} />
      </Provider>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(commonMessages.testModeNotice);
    // Above the banner, not in it: the banner stays at the top of the screen and the strip is not carried with it.
    expect(within(screen.getByRole('banner')).queryByRole('note')).toBeNull();
    expect(note.compareDocumentPosition(screen.getByRole('banner'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(note.textContent).toMatch(/^TEST MODE/);
    // The server's answer decides: a checkout read again once every method is live or off says nothing of it.
    await act(() => allSettled(reloadCheckout, { scope }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/TEST MODE/)).not.toBeInTheDocument();
  });

  test('with every way of paying live or off, nothing says TEST MODE', () => {
    renderHeader('basket');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/TEST MODE/)).not.toBeInTheDocument();
  });
});
