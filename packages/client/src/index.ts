export { createConsoleClient, SERVICE_SECRET_HEADER } from './client';
export type { ConsoleClient, ConsoleClientOptions, ConsolePaths, ConsoleSchemas } from './client';
export { DEFAULT_SESSION_COOKIE, readCookie, SessionHelper } from './session';
export type { SessionHelperOptions, SessionIntrospection, SessionOutcome } from './session';
export { DEFAULT_WEBHOOK_TOLERANCE_SECONDS, MemoryReplayStore, signWebhook, verifyWebhook, WEBHOOK_HEADERS, WebhookVerificationError } from './webhook';
export type { ConsoleEvent, VerifyWebhookOptions, WebhookFailure, WebhookReplayStore } from './webhook';
