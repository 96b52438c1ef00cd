import { render, screen } from '@testing-library/react';
import { OrderSummary, OrderSummaryLine, OrderSummaryTotal, Price } from './OrderSummary';

describe('Price', () => {
  test.each([
    [0, 'FREE'],
    [-1, 'FREE'],
    [0.01, '£0.01'],
    [1234.5, '£1,234.50'],
  ])('%p reads %p', (amount, expected) => {
    render(<Price amount={amount} currencySymbol="£" />);
    expect(screen.getByText(expected)).toBeInTheDocument();
  });
});

describe('OrderSummary', () => {
  test('lists lines and total as terms and definitions', () => {
    render(
      <OrderSummary title="Order summary">
        <OrderSummaryLine label="Adult" detail="Sat 5 Dec 2026" quantity={2} amount={50} currencySymbol="£" />
        <OrderSummaryLine label="Child" quantity={1} amount={0} currencySymbol="£" />
        <OrderSummaryLine label="Code SUMMER" amount={5} currencySymbol="£" kind="discount" />
        <OrderSummaryLine label="Delivery" amount={0} currencySymbol="£" kind="money" />
        <OrderSummaryTotal amount={1045} currencySymbol="£" />
      </OrderSummary>,
    );
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((el) => el.textContent);
    const values = screen.getAllByRole('definition').map((el) => el.textContent);
    expect(terms).toEqual(['2 × Adult Sat 5 Dec 2026', '1 × Child', 'Code SUMMER', 'Delivery', 'Total']);
    expect(values).toEqual(['£50.00', 'FREE', '-£5.00', '£0.00', '£1,045.00']);
    expect(summary).toContainElement(screen.getByText('-£5.00'));
  });
});
