import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextField } from './Field';

/** A code field that keeps digits only, as the sign-in step's does. */
function DigitsOnly() {
  const [value, setValue] = useState('');
  return <TextField id="code" label="Code" value={value} onValue={(typed) => setValue(typed.replace(/\D/g, ''))} />;
}

describe('TextField', () => {
  test('a keystroke its owner filters out does not stay on screen', async () => {
    const user = userEvent.setup();
    render(<DigitsOnly />);
    const field = screen.getByRole('textbox', { name: 'Code' });
    await user.type(field, '12');
    await user.type(field, 'x');
    await waitFor(() => expect(field).toHaveValue('12'));
    await user.type(field, '-3');
    await waitFor(() => expect(field).toHaveValue('123'));
  });

  test('a kept keystroke shows at once', async () => {
    const user = userEvent.setup();
    render(<DigitsOnly />);
    const field = screen.getByRole('textbox', { name: 'Code' });
    await user.type(field, '4');
    expect(field).toHaveValue('4');
  });
});
