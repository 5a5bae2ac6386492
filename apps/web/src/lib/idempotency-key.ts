import { useRef } from 'react';
import { isTimeoutError } from './api-error';

/** The `params` of a keyed write: the API runs a call once per key and answers a repeat with the first call's answer. */
export function idempotencyParams(key: string): { header: { 'Idempotency-Key': string } } {
  return { header: { 'Idempotency-Key': key } };
}

export interface IdempotencyKeys {
  /** The key of a call with this body. */
  keyFor: (body: unknown) => string;
  /** A mutation's onSettled: the call ended with this error (null: it succeeded). */
  settled: (error: unknown) => void;
}

/**
 * Whether a call may have run without its answer arriving: no answer in time, or the connection
 * failed (fetch's TypeError).
 */
function outcomeUnknown(error: unknown): boolean {
  return isTimeoutError(error) || error instanceof TypeError;
}

/**
 * Idempotency keys of a write: after a call whose outcome is unknown, running it again with the same
 * body sends the same key, so that it cannot happen twice (the API answers what the first call
 * did); any other call gets a new key (another write is meant, or the first one was answered).
 */
export function useIdempotencyKeys(): IdempotencyKeys {
  const pending = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor: (body) => {
      const json = JSON.stringify(body);
      if (pending.current?.body !== json) pending.current = { body: json, key: crypto.randomUUID() };
      return pending.current.key;
    },
    settled: (error) => {
      if (!outcomeUnknown(error)) pending.current = null;
    },
  };
}
