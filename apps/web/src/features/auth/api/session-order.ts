/**
 * Session calls run one after another, in the order they were asked for: a cookie exchange that
 * started before a logout can never land after it and leave the cookie behind.
 */
let queue: Promise<void> = Promise.resolve();

export function inSessionOrder(call: () => Promise<void>): Promise<void> {
  const next = queue.then(call);
  queue = next;
  return next;
}
