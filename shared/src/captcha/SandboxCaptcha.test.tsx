import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SandboxAnswer } from './sandbox-client';
import { SandboxCaptcha, type Schedule } from './SandboxCaptcha';

/** A clock the test runs by hand: what was scheduled, and a way to fire it. */
function manualClock() {
  const pending: Array<{ callback: () => void; ms: number; cancelled: boolean }> = [];
  const schedule: Schedule = (callback, ms) => {
    const entry = { callback, ms, cancelled: false };
    pending.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  const fire = () => pending.filter((e) => !e.cancelled).forEach((e) => e.callback());
  return { schedule, pending, fire };
}

function renderSandbox(answer: SandboxAnswer) {
  const clock = manualClock();
  const calls = { verify: [] as string[], expire: 0, error: [] as string[] };
  const view = render(
    <SandboxCaptcha
      sitekey="sandbox-site-key"
      apiBase=""
      solve={async () => answer}
      schedule={clock.schedule}
      onVerify={(token) => calls.verify.push(token)}
      onExpire={() => (calls.expire += 1)}
      onChallengeExpire={() => undefined}
      onError={(detail) => calls.error.push(detail)}
    />,
  );
  return { clock, calls, view };
}

test('a passed challenge expires after the server-given lifetime', async () => {
  const { clock, calls } = renderSandbox({ ok: true, token: 'tok', expiresIn: 90 });
  await userEvent.click(screen.getByRole('checkbox', { name: 'I am human' }));
  expect(calls.verify).toEqual(['tok']);
  expect(screen.getByRole('status')).toHaveTextContent('Verified');
  expect(clock.pending.map((e) => e.ms)).toEqual([90_000]);
  act(() => clock.fire());
  expect(calls.expire).toBe(1);
  expect(screen.getByRole('checkbox', { name: 'I am human' })).not.toBeChecked();
  expect(screen.getByRole('status')).toHaveTextContent('');
});

test('leaving the step cancels the expiry', async () => {
  const { clock, calls, view } = renderSandbox({ ok: true, token: 'tok', expiresIn: 90 });
  await userEvent.click(screen.getByRole('checkbox', { name: 'I am human' }));
  view.unmount();
  clock.fire();
  expect(calls.expire).toBe(0);
});

test("a refused challenge reports the server's text and stays unchecked", async () => {
  const { calls } = renderSandbox({ ok: false, error: 'Challenge failed' });
  await userEvent.click(screen.getByRole('checkbox', { name: 'I am human' }));
  expect(calls.error).toEqual(['Challenge failed']);
  expect(calls.verify).toEqual([]);
  expect(screen.getByRole('checkbox', { name: 'I am human' })).not.toBeChecked();
});
