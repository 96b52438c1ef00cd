import { createRenderShedding } from './render-shedding';

describe('server rendering under load', () => {
  test('renders go ahead up to the limit at once, and again once one is over', () => {
    const shedding = createRenderShedding({ maxInFlight: 2, lagP99Ms: () => 10 });
    const first = shedding.admit();
    const second = shedding.admit();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(shedding.admit()).toBeNull();
    first?.();
    first?.(); // a second release frees nothing more
    const third = shedding.admit();
    expect(third).not.toBeNull();
    expect(shedding.admit()).toBeNull();
    shedding.stop();
  });

  test.each([
    { lagMs: 10, admitted: true },
    { lagMs: 60, admitted: true },
    { lagMs: 61, admitted: false },
    { lagMs: 400, admitted: false },
  ])('an event loop running $lagMs ms late: rendered $admitted', ({ lagMs, admitted }) => {
    const shedding = createRenderShedding({ maxLagMs: 60, lagP99Ms: () => lagMs });
    expect(shedding.admit() !== null).toBe(admitted);
    shedding.stop();
  });

  test("Node's own delay histogram reads an idle loop as on time", async () => {
    const shedding = createRenderShedding({ windowMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(shedding.admit()).not.toBeNull();
    shedding.stop();
  });
});
