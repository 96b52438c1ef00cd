import { focusStepHeadingWhenLost } from './focus-guard';

const guards: (() => void)[] = [];
afterEach(() => {
  for (const stop of guards.splice(0)) stop();
  document.body.innerHTML = '';
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The page as `html` (its step in #step), the step's guard started on it. */
function guardedStep(html: string): HTMLElement {
  document.body.innerHTML = html;
  const step = document.getElementById('step') as HTMLElement;
  guards.push(focusStepHeadingWhenLost(step));
  return step;
}

describe('focusStepHeadingWhenLost', () => {
  test('focus on the body goes to the step heading, made focusable', () => {
    guardedStep('<div id="step"><h1>Payment complete</h1></div>');
    const heading = document.querySelector('h1');
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
  });

  test('a heading that comes after a spinner takes focus when it arrives', async () => {
    const step = guardedStep('<div id="step"><p>Loading</p></div>');
    expect(document.activeElement).toBe(document.body);
    step.innerHTML = '<h1 tabindex="-1">Questions</h1>';
    await tick();
    expect(document.activeElement).toBe(step.querySelector('h1'));
  });

  test('a focused heading the step renders again as a new element hands focus to the new one', async () => {
    const step = guardedStep('<div id="step"><h1>Payment</h1></div>');
    step.innerHTML = '<section><h1>Payment</h1><button>Pay</button></section>';
    await tick();
    expect(document.activeElement).toBe(step.querySelector('h1'));
  });

  test('a buyer who moved focus off the heading to the page is not pulled back', async () => {
    const step = guardedStep('<div id="step"><h1>Payment</h1><p>Text</p></div>');
    (document.activeElement as HTMLElement).blur();
    step.insertAdjacentHTML('beforeend', '<p>More</p>');
    await tick();
    expect(document.activeElement).toBe(document.body);
  });

  test('focus left on the step before goes to the heading once that step is removed', async () => {
    document.body.innerHTML = '<div id="old"><button>Pay</button></div><div id="step"><h1>Questions</h1></div>';
    const step = document.getElementById('step') as HTMLElement;
    (document.querySelector('#old button') as HTMLButtonElement).focus();
    focusStepHeadingWhenLost(step);
    expect(document.activeElement).toBe(document.querySelector('#old button'));
    document.getElementById('old')?.remove();
    await tick();
    expect(document.activeElement).toBe(step.querySelector('h1'));
  });

  test('a field the step focused and then replaced hands focus to the heading', async () => {
    const step = guardedStep('<div id="step"><h1>Ticket Questions</h1><input id="old-answer"></div>');
    (document.getElementById('old-answer') as HTMLInputElement).focus();
    document.getElementById('old-answer')?.replaceWith(Object.assign(document.createElement('input'), { id: 'new' }));
    await tick();
    expect(document.activeElement).toBe(step.querySelector('h1'));
  });

  test('focus the step or the buyer put somewhere is left alone', async () => {
    document.body.innerHTML = '<div id="step"><label>Email <input id="email"></label></div>';
    const step = document.getElementById('step') as HTMLElement;
    (document.getElementById('email') as HTMLInputElement).focus();
    focusStepHeadingWhenLost(step);
    step.insertAdjacentHTML('afterbegin', '<h1>Sign in</h1>');
    await tick();
    expect(document.activeElement).toBe(document.getElementById('email'));
  });

  test('stopped with its step, it moves nothing after', async () => {
    document.body.innerHTML = '<div id="step"></div>';
    const step = document.getElementById('step') as HTMLElement;
    const stop = focusStepHeadingWhenLost(step);
    stop();
    step.innerHTML = '<h1>Late</h1>';
    await tick();
    expect(document.activeElement).toBe(document.body);
  });
});
