import { fork } from 'effector';
import { Provider } from 'effector-react';
import { render, screen } from '@testing-library/react';
import { messages } from '@checkout/shared';
import { sampleCheckout } from '@checkout/shared/testing';
import { $checkout, $secondsRemaining, $state } from '../model';
import { Countdown } from './Countdown';

function renderIn(config: NonNullable<Parameters<typeof fork>[1]>) {
  const scope = fork(config);
  return render(
    <Provider value={scope}>
      <Countdown />
    </Provider>,
  );
}

describe('Countdown', () => {
  test("shows 'Tickets reserved for' with the time in words and as a clock", () => {
    renderIn({ values: [[$state, 'payment'], [$secondsRemaining, 845], [$checkout, sampleCheckout()]] });
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(messages.ticketsReservedFor);
    expect(timer).toHaveTextContent('14 minutes 5 seconds');
    expect(timer).toHaveTextContent('14:05');
  });

  test('is not shown on the basket or without a reservation', () => {
    renderIn({ values: [[$state, 'basket'], [$secondsRemaining, 845]] });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  test('is not shown once paid', () => {
    renderIn({ values: [[$state, 'deliver_tickets'], [$secondsRemaining, 100], [$checkout, sampleCheckout({ payment_complete: true })]] });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
