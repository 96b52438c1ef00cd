import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'effector-react';
import type { AfterSaleMessage } from '@checkout/shared';
import { fakeStepProps, sampleCheckout } from '@checkout/shared/testing';
import { AfterSaleMessagesStep } from './Step';

const kayak: AfterSaleMessage = {
  organiser_name: 'Harbour Lifeboat Trust',
  event_title: 'Harbour Kayak Taster',
  event_nice_date: 'Saturday 5 December 2026',
  event_nice_time: '9:00am',
  message: '<p>Please arrive <strong>20 minutes early</strong>.</p>',
};
const folk: AfterSaleMessage = {
  organiser_name: 'Brighton Folk Collective',
  event_title: 'Folk by Candlelight',
  event_nice_date: 'Friday 11 December 2026',
  event_nice_time: '7:30pm',
  message:
    '<p>Doors open at 7pm.</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:alert(1)">map</a>',
};

function open(messages: AfterSaleMessage[]) {
  const props = fakeStepProps({
    state: 'after_sale_messages',
    checkout: sampleCheckout({ state: 'after_sale_messages', after_sale_messages: messages }),
  });
  const view = render(
    <Provider value={props.scope}>
      <AfterSaleMessagesStep {...props} />
    </Provider>,
  );
  return { props, ...view };
}

test('one message: the singular heading, organiser, event, date and time, and the HTML body', async () => {
  open([kayak]);
  expect(screen.getByRole('heading', { level: 1, name: 'Organiser message' })).toHaveFocus();
  const message = screen.getByRole('article', { name: 'Harbour Kayak Taster' });
  expect(within(message).getByText('From Harbour Lifeboat Trust')).toBeInTheDocument();
  expect(within(message).getByText('Saturday 5 December 2026 at 9:00am')).toBeInTheDocument();
  expect(await within(message).findByText('20 minutes early')).toContainHTML('<strong>20 minutes early</strong>');
});

test('two messages: the plural heading, one article each, hostile markup cleaned away', async () => {
  const { container } = open([kayak, folk]);
  expect(screen.getByRole('heading', { level: 1, name: 'Organiser messages' })).toBeInTheDocument();
  expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
    'Harbour Kayak Taster',
    'Folk by Candlelight',
  ]);
  expect(await screen.findByText('Doors open at 7pm.')).toBeInTheDocument();
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(screen.getByText('map').closest('a')?.getAttribute('href')).toBeNull();
  expect((window as { __xss?: unknown }).__xss).toBeUndefined();
});

test('Continue moves the checkout on to order completed', async () => {
  const { props } = open([kayak]);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('order_completed'));
});
