/**
 * The items of `source`, asking it for the next one as soon as the current one is handed out: a
 * consumer that works on a batch (the sheet writer) then overlaps the reading of the next one
 * when that reading happens elsewhere (PostgreSQL's own process). One item ahead at most, so
 * memory holds two batches at worst. When the consumer stops early, the pending read is awaited
 * (its failure ignored) and the source is closed.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const items = source[Symbol.asyncIterator]();
  const ask = () => {
    const next = items.next();
    // Handled now: a read failing while the consumer works is thrown at the next await below.
    next.catch(() => undefined);
    return next;
  };
  let pending = ask();
  let finished = false;
  try {
    for (;;) {
      const item = await pending;
      if (item.done) {
        finished = true;
        return;
      }
      pending = ask();
      yield item.value;
    }
  } finally {
    if (!finished) {
      const last = await pending.catch(() => ({ done: true }));
      if (!last.done) await items.return?.();
    }
  }
}
