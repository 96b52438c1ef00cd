import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';

function Harness({ doubleWidth = false }: { doubleWidth?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit basket
      </button>
      <Modal
        title="Are you sure?"
        open={open}
        doubleWidth={doubleWidth}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              No, cancel
            </button>
            <button type="button">Yes, I&apos;m sure</button>
          </>
        }
      >
        <p>By editing your basket, you could lose your reserved tickets.</p>
      </Modal>
    </>
  );
}

async function openIt(doubleWidth = false) {
  const user = userEvent.setup();
  render(<Harness doubleWidth={doubleWidth} />);
  const opener = screen.getByRole('button', { name: 'Edit basket' });
  await user.click(opener);
  return { user, opener };
}

describe('Modal', () => {
  test('is a modal dialog named by its title, with focus moved inside', async () => {
    await openIt();
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).not.toHaveClass('modal--wide');
    expect(dialog).toHaveTextContent('By editing your basket, you could lose your reserved tickets.');
    expect(screen.getByRole('button', { name: 'No, cancel' })).toHaveFocus();
  });

  test('Escape closes it and focus returns to the opener', async () => {
    const { user, opener } = await openIt();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('the Dismiss button and a footer button close it', async () => {
    const { user, opener } = await openIt();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'No, cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Tab wraps around inside the dialog', async () => {
    const { user } = await openIt();
    await user.tab();
    expect(screen.getByRole('button', { name: "Yes, I'm sure" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: "Yes, I'm sure" })).toHaveFocus();
  });

  test('double width is a class', async () => {
    await openIt(true);
    expect(screen.getByRole('dialog')).toHaveClass('modal', 'modal--wide');
  });

  test('renders nothing when closed', () => {
    render(
      <Modal title="How did we do?" open={false} onClose={() => undefined}>
        body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
