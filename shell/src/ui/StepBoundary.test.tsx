import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepBoundary } from './StepBoundary';

test('a step region that throws shows the fallback; Retry renders it again', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let broken = true;
  function Region() {
    if (broken) throw new Error('no parcel');
    return <p>step shown</p>;
  }
  render(
    <StepBoundary>
      <Region />
    </StepBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.getByText('step shown')).toBeInTheDocument();
  error.mockRestore();
});
