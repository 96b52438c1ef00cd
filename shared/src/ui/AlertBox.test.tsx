import { render, screen } from '@testing-library/react';
import { AlertBox, type AlertType } from './AlertBox';

describe('AlertBox', () => {
  test.each([
    ['error', 'alert'],
    ['warning', 'alert'],
    ['info', 'status'],
    ['success', 'status'],
  ] as Array<[AlertType, string]>)('%s is role=%s with its type class', (type, role) => {
    render(<AlertBox type={type}>Something happened</AlertBox>);
    const box = screen.getByRole(role);
    expect(box).toHaveTextContent('Something happened');
    expect(box).toHaveClass('alert', `alert--${type}`);
  });

  test('shows a title when given', () => {
    render(
      <AlertBox type="error" title="Payment failed">
        Try a different payment method
      </AlertBox>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failedTry a different payment method');
  });
});
