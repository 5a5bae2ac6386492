import { Progress } from '@mantine/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Router pending timings of docs/product-rules.md#limits. */
const PENDING_DISPLAY_DELAY_MS = 1_000;
const PENDING_MIN_DISPLAY_MS = 500;

/**
 * Decides whether a pending indicator is visible: it appears only after `delay` of continuous
 * pending and, once shown, stays for at least `minimum`.
 */
function usePendingVisibility(pending: boolean, delay = PENDING_DISPLAY_DELAY_MS, minimum = PENDING_MIN_DISPLAY_MS): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    if (pending) {
      if (visible) return undefined;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delay);
      return () => clearTimeout(timer);
    }
    if (!visible) return undefined;
    const elapsed = Date.now() - (shownAt.current ?? 0);
    const timer = setTimeout(
      () => {
        shownAt.current = null;
        setVisible(false);
      },
      Math.max(0, minimum - elapsed),
    );
    return () => clearTimeout(timer);
  }, [pending, visible, delay, minimum]);
  return visible;
}

/** How many route modules are loading, and who wants to know when that changes. */
let loadsInFlight = 0;
const listeners = new Set<() => void>();
function setLoadsInFlight(count: number) {
  loadsInFlight = count;
  listeners.forEach((listener) => listener());
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Counts a route module's load as pending until it settles (src/app/router.tsx). Loads start while
 * the router renders, so the count changes after that render (a microtask), never during it.
 */
export function trackPending<T>(load: Promise<T>): Promise<T> {
  queueMicrotask(() => setLoadsInFlight(loadsInFlight + 1));
  const settled = () => setLoadsInFlight(loadsInFlight - 1);
  load.then(settled, settled);
  return load;
}

/** A thin progress bar at the top while a route's module is loading. */
export function RouterPendingIndicator() {
  const pending = useSyncExternalStore(subscribe, () => loadsInFlight > 0);
  const visible = usePendingVisibility(pending);
  if (!visible) return null;
  return <Progress value={100} animated size="xs" radius={0} pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }} aria-hidden />;
}
