/** Polls `read` until `done` holds (answers that value) or the time is up (answers the last value read). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
