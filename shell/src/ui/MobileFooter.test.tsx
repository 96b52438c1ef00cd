import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isTypedInto, MobileFooter } from './MobileFooter';

/** An IntersectionObserver the test drives: whether the step's own button is in view. */
let report: (visible: boolean) => void = () => undefined;
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    report = (visible) =>
      this.callback(
        [{ isIntersecting: visible } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  disconnect() {}
}

beforeEach(() => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function page(onReserve: () => void, disabled = false) {
  return render(
    <>
      <div className="shell-step">
        <button type="button" data-primary-action="" disabled={disabled} onClick={onReserve}>
          Reserve Basket
        </button>
      </div>
      <MobileFooter state="basket" />
    </>,
  );
}

test("shown only while the step's own button is out of view, carrying its label; pressing it presses the step's", async () => {
  const onReserve = jest.fn();
  page(onReserve);
  const footer = () => document.querySelector<HTMLButtonElement>('.mobile-footer__button');
  expect(footer()).toBeNull();
  act(() => report(false));
  expect(footer()).toHaveTextContent('Reserve Basket');
  // Hidden from assistive technology, which reaches the step's own button: one 'Reserve Basket' for a screen reader.
  expect(screen.getAllByRole('button', { name: 'Reserve Basket' })).toHaveLength(1);
  await userEvent.setup().click(footer() as HTMLElement);
  expect(onReserve).toHaveBeenCalledTimes(1);
  act(() => report(true));
  expect(footer()).toBeNull();
});

test("disabled while the step's button is", () => {
  page(() => undefined, true);
  act(() => report(false));
  expect(document.querySelector('.mobile-footer__button')).toBeDisabled();
});

test("disabled while the step's region is busy (the server's markup, not yet hydrated), enabled once it is not", async () => {
  const onReserve = jest.fn();
  render(
    <>
      <div className="shell-step">
        <section className="step-region" aria-busy="true">
          <button type="button" data-primary-action="" onClick={onReserve}>
            Reserve Basket
          </button>
        </section>
      </div>
      <MobileFooter state="basket" />
    </>,
  );
  act(() => report(false));
  const footer = () => document.querySelector<HTMLButtonElement>('.mobile-footer__button');
  expect(footer()).toBeDisabled();
  // The footer hears of it through its MutationObserver, which reports after the change.
  await act(async () => {
    document.querySelector('.step-region')?.setAttribute('aria-busy', 'false');
    await Promise.resolve();
  });
  expect(footer()).toBeEnabled();
});

test('nothing when the step has no primary action', () => {
  render(
    <>
      <div className="shell-step" />
      <MobileFooter state="deliver_tickets" />
    </>,
  );
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('steps aside while the buyer types in a field, and is back once the field is left', async () => {
  render(
    <>
      <div className="shell-step">
        <label>
          Postcode <input name="postcode" />
        </label>
        <label>
          <input type="checkbox" /> Keep me posted
        </label>
        <button type="button" data-primary-action="">
          Continue
        </button>
      </div>
      <MobileFooter state="delivery_address" />
    </>,
  );
  act(() => report(false));
  const footer = () => document.querySelector('.mobile-footer__button');
  expect(footer()).toBeInTheDocument();
  await userEvent.click(screen.getByRole('textbox', { name: 'Postcode' }));
  expect(footer()).toBeNull();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Keep me posted' }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(footer()).toBeInTheDocument();
});

test.each([
  ['<input>', true],
  ['<input type="email">', true],
  ['<textarea></textarea>', true],
  ['<select><option>1</option></select>', true],
  ['<input type="checkbox">', false],
  ['<input type="radio">', false],
  ['<button>Go</button>', false],
  ['<a href="#">link</a>', false],
])('isTypedInto(%s) is %s', (markup, typed) => {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  expect(isTypedInto(holder.firstElementChild)).toBe(typed);
});
