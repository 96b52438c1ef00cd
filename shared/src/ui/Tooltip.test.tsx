import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  test('opens on keyboard focus, describes its trigger, closes on Escape and blur', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip placement="right" content="Covers the whole booking cost">
        <button type="button">Refund protection</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Refund protection' });
    expect(trigger).toHaveFocus();
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('Covers the whole booking cost');
    expect(tip).toHaveClass('tooltip__bubble--right');
    expect(trigger).toHaveAccessibleDescription('Covers the whole booking cost');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(trigger);
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.unhover(trigger);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  test('wraps plain text in a focusable trigger', async () => {
    const user = userEvent.setup();
    render(<Tooltip content="Fees are non-refundable">Booking fee</Tooltip>);
    await user.tab();
    expect(screen.getByText('Booking fee')).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveClass('tooltip__bubble--top');
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  test('keeps a description the trigger already had', () => {
    render(
      <>
        <p id="own">Own hint</p>
        <Tooltip content="Tip text">
          <button type="button" aria-describedby="own">
            Info
          </button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Info' })).toHaveAccessibleDescription('Own hint Tip text');
  });
});
