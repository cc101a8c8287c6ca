/**
 * Reads until `done` holds, for at most `ms`: what another process (or an operator's SQL) changed reaches this
 * process as a notification, a moment after its commit. Answers the last value read, done or not.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 2000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
