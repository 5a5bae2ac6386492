/** Helpers for the long lists (read a page at a time, rendered a window at a time). */
import type { Locator } from 'playwright-core';

/** Reads `read()` until `accept` takes its value (a search answers after the typing pauses), or fails after `timeout`. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** One rendered row of a virtual list or table: its index in the whole list, and what the test reads of it. */
export interface SeenRow {
  index: number;
  /** The row's data-email or data-name, else its text. */
  text: string;
  /** The accessible name of the group around it (the organization of a chooser row); '' when none. */
  group: string;
  /** Whether the row is a link (a project) rather than a heading. */
  link: boolean;
}

/** The rows rendered now in the scroll container (the loading row left out). */
export async function renderedRows(container: Locator): Promise<SeenRow[]> {
  return container.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('[data-index]')]
      .filter((el) => !el.querySelector('[data-testid="list-loading-more"]') && !el.textContent?.includes('読み込めませんでした'))
      .map((el) => ({
        index: Number(el.dataset.index),
        text: el.dataset.email ?? el.dataset.name ?? el.textContent?.trim() ?? '',
        group: el.closest('[role="group"]')?.getAttribute('aria-label') ?? '',
        link: el.tagName === 'A',
      })),
  );
}

/**
 * Scrolls the container to its end a screenful at a time, waiting for each next page, and
 * answers every row seen (by index) and the most rows rendered at any one time.
 */
export async function scrollToEnd(container: Locator): Promise<{ rows: SeenRow[]; mostRendered: number }> {
  const seen = new Map<number, SeenRow>();
  let mostRendered = 0;
  let idle = 0;
  while (idle < 10) {
    const rows = await renderedRows(container);
    mostRendered = Math.max(mostRendered, rows.length);
    const before = seen.size;
    for (const row of rows) seen.set(row.index, row);
    const { atEnd, loading } = await container.evaluate((el) => {
      el.scrollTop += el.clientHeight * 0.8;
      return { atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 2, loading: el.querySelector('[data-testid="list-loading-more"]') !== null };
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    idle = atEnd && !loading && seen.size === before ? idle + 1 : 0;
  }
  return { rows: [...seen.values()].sort((a, b) => a.index - b.index), mostRendered };
}
