import { render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';

test('a spinner is a status with its words', () => {
  render(<Spinner label="Determining checkout progress" />);
  expect(screen.getByRole('status')).toHaveTextContent('Determining checkout progress');
});
