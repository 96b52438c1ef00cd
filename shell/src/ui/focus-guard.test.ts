import { focusStepHeadingWhenLost } from './focus-guard';

afterEach(() => {
  document.body.innerHTML = '';
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focusStepHeadingWhenLost', () => {
  test('focus on the body goes to the step heading, made focusable', () => {
    document.body.innerHTML = '<div id="step"><h1>Payment complete</h1></div>';
    focusStepHeadingWhenLost(document.getElementById('step') as HTMLElement);
    const heading = document.querySelector('h1');
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');
  });

  test('a heading that comes after a spinner takes focus when it arrives', async () => {
    document.body.innerHTML = '<div id="step"><p>Loading</p></div>';
    const step = document.getElementById('step') as HTMLElement;
    focusStepHeadingWhenLost(step);
    expect(document.activeElement).toBe(document.body);
    step.innerHTML = '<h1 tabindex="-1">Questions</h1>';
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
