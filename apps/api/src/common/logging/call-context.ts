import { AsyncLocalStorage } from 'node:async_hooks';

/** The fields of a call that every line written while it is handled carries. */
export interface CallFields {
  reqId: string;
  accountId?: string;
}

const calls = new AsyncLocalStorage<CallFields>();

/** Runs `handle` (and whatever it starts) as the call whose fields are given (see installRequestLog). */
export function runAsCall(fields: CallFields, handle: () => void): void {
  calls.run(fields, handle);
}

/**
 * The fields of the call being handled, for pino's mixin (a copy: pino writes the line's own fields
 * into the object it gets); none outside a call.
 */
export function callFields(): Partial<CallFields> {
  const fields = calls.getStore();
  return fields === undefined ? {} : { ...fields };
}
