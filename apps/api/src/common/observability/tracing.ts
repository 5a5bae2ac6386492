import type { FastifyInstance } from 'fastify';

/** Calls that are not traced: the load balancers' health checks and Prometheus' scrapes. */
const UNTRACED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** The ids of a span, as a trace backend and Sentry show them. */
export interface SpanIds {
  traceId: string;
  spanId: string;
}

export interface Tracing {
  /** The span of the code running now (a call served, or a query within it), if any. */
  readonly activeSpan: () => SpanIds | undefined;
  /** Exports the spans still buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK: a span for every call served and every HTTP call made, and one for
 * every Postgres query within them (the statement, never its values), exported in batches over
 * OTLP/HTTP (JSON) to `<otlpEndpoint>/v1/traces` as the service `serviceName`. The SDK is loaded
 * only when tracing is configured, and must start before the application's modules load: it
 * instruments `http` and `pg` as they are required.
 */
export async function startTracing(otlpEndpoint: string, serviceName: string): Promise<Tracing> {
  const [{ trace }, { NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${otlpEndpoint}/v1/traces` }),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(request.url ?? '') }),
      // Queries outside a call (the delivery worker polls every second) would each start a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
    // Traces only: metrics are Prometheus' (METRICS_PORT) and logs go to stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    activeSpan: () => trace.getActiveSpan()?.spanContext(),
    shutdown: () => sdk.shutdown(),
  };
}

/**
 * Names the span of each call served after its route ("POST /account/get", attribute http.route),
 * which the HTTP instrumentation cannot tell from the URL.
 */
export async function nameSpansAfterRoutes(fastify: FastifyInstance): Promise<void> {
  const { trace } = await import('@opentelemetry/api');
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (route !== undefined && span) span.setAttribute('http.route', route).updateName(`${request.method} ${route}`);
    done();
  });
}
