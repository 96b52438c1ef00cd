import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Button } from './Button';

describe('Button', () => {
  test('clicks when idle and is a plain button by default', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Reserve Basket</Button>);
    const button = screen.getByRole('button', { name: 'Reserve Basket' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('is disabled and busy while loading, and ignores clicks', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  test('keeps disabled, variant, type, extra classes and the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} disabled variant="secondary" type="submit" className="wide">
        Continue
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveClass('btn', 'btn--secondary', 'wide');
    expect(ref.current).toBe(button);
  });
});
