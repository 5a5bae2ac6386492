import type { ErrorEvent } from '@sentry/node';
import { redactPersonalData } from '../logging/redact';
import type { SpanIds } from './tracing';

type Sentry = typeof import('@sentry/node');

/** Error reporting once started (SENTRY_DSN); until then nothing is reported. */
let reporting: { sentry: Sentry; activeSpan: (() => SpanIds | undefined) | undefined } | undefined;

export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
  release: string | undefined;
  /** The active OpenTelemetry span, when tracing runs: reports are linked to its trace. */
  activeSpan: (() => SpanIds | undefined) | undefined;
}

export interface ErrorReporting {
  /** Sends the reports still queued (for up to 2 s) and stops. */
  close(): Promise<void>;
}

/** What a report of a failed call says of it: the request id and the caller's account id, never more about the caller. */
export interface FailedCall {
  requestId: string;
  accountId: string | undefined;
  method: string;
  /** The route pattern ("/project/get"), undefined for a call no route matched. */
  route: string | undefined;
}

/**
 * What leaves for Sentry: nothing of the request but the tags of the report (request id, route),
 * of the user only the account id, and in everything else (messages, stack traces) e-mail
 * addresses and tokens replaced. The SDK is told not to collect more in the first place
 * (dataCollection, no request integration); this holds whatever it adds all the same.
 */
function scrubEvent(event: ErrorEvent): ErrorEvent {
  const kept: ErrorEvent = { ...event, request: undefined, user: event.user?.id === undefined ? undefined : { id: event.user.id } };
  return JSON.parse(redactPersonalData(JSON.stringify(kept))) as ErrorEvent;
}

/**
 * Starts reporting to Sentry (SENTRY_DSN): 500s through {@link reportFailedCall}, and uncaught
 * exceptions and unhandled rejections. Errors only: traces are OpenTelemetry's, to which reports
 * are linked when it runs. The SDK is loaded only when reporting is configured.
 */
export async function startErrorReporting({ dsn, environment, release, activeSpan }: ErrorReportingSettings): Promise<ErrorReporting> {
  const sdk = await import('@sentry/node');
  sdk.init({
    dsn,
    environment,
    release,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      stackFrameVariables: false,
    },
    // Only what reports need, and nothing that works on every call: the default integrations
    // include request isolation and framework and HTTP instrumentation, which would cost each call
    // several scopes and spans (traces are OpenTelemetry's), and breadcrumbs of one call would
    // show in the report of another without it.
    defaultIntegrations: false,
    integrations: [
      sdk.eventFiltersIntegration(),
      sdk.linkedErrorsIntegration(),
      sdk.dedupeIntegration(),
      sdk.onUncaughtExceptionIntegration(),
      sdk.onUnhandledRejectionIntegration(),
      sdk.contextLinesIntegration(),
      sdk.nodeContextIntegration(),
      ...(activeSpan ? [sdk.openTelemetryIntegration()] : []),
    ],
    // Nothing is traced by Sentry, so it need not rewrite modules as they load.
    enableRuntimeChannelInjection: false,
    beforeSend: scrubEvent,
  });
  reporting = { sentry: sdk, activeSpan };
  return {
    async close() {
      reporting = undefined;
      await sdk.close(2000);
    },
  };
}

/** Reports an unexpected error of a call (one answered 500) when error reporting runs. */
export function reportFailedCall(error: unknown, call: FailedCall): void {
  if (!reporting) return;
  const { sentry, activeSpan } = reporting;
  // Read now: Sentry's integration reads it as the report is completed, in callbacks that may no longer run within the call.
  const span = activeSpan?.();
  sentry.withScope((scope) => {
    scope.setTag('request_id', call.requestId);
    if (call.route !== undefined) scope.setTag('route', `${call.method} ${call.route}`);
    if (call.accountId !== undefined) scope.setUser({ id: call.accountId });
    if (span) scope.setContext('trace', { trace_id: span.traceId, span_id: span.spanId });
    sentry.captureException(error);
  });
}
