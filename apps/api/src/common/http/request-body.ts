import { DomainError } from '@console/domain';
import type { RawBodyRequest } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest, RawServerDefault } from 'fastify';
import { isUtf8 } from 'node:buffer';

/** How deeply a JSON body may nest objects and arrays; the API's own bodies need 4 levels. */
const MAX_JSON_DEPTH = 32;

/**
 * How many array elements and object properties a body may hold in all; the API's largest bodies
 * hold about 500 (/systemAdmin/email/requeue). class-transformer takes time quadratic in the
 * properties of an object, so that without a bound one body could hold the event loop for seconds.
 */
const MAX_BODY_MEMBERS = 2000;

const CONTROL_CHARACTER = /\p{Cc}/u;
/**
 * A lone UTF-16 surrogate (U+D800–U+DFFF not in a pair: JSON's "\ud800" escape makes one) or a
 * noncharacter (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE and U+FFFF among
 * them): text that no client writes and that Postgres stores altered (U+FFFD) or refuses (jsonb).
 */
const MALFORMED_CHARACTER = /[\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** What is wrong with a text value of a request, as the end of a sentence about it; undefined when nothing is. */
export function textProblem(text: string): string | undefined {
  if (CONTROL_CHARACTER.test(text)) return 'must not contain control characters';
  if (MALFORMED_CHARACTER.test(text)) return 'must not contain lone surrogates or noncharacters';
  return undefined;
}

/**
 * Whether the JSON text nests objects and arrays deeper than `max`: one pass over the characters
 * that counts brackets outside strings, without parsing and without recursion, so that it is safe
 * on any input. Text that is not JSON is left to the parser to refuse.
 */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * What is wrong with a parsed body, naming the path as validation messages do (`updateProps.name`,
 * `emails.2`); undefined when nothing is:
 * - a string or a property name holding a control character (U+0000–U+001F, U+007F–U+009F): no
 *   field of the API takes one (names, addresses, ids, URLs and tokens are single-line text, and
 *   Postgres refuses U+0000 outright); or a lone surrogate or a noncharacter (see {@link textProblem});
 * - more than {@link MAX_BODY_MEMBERS} array elements and object properties in all.
 * Breadth first with its own queue, not by recursion.
 */
export function bodyProblem(body: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let i = 0; i < pending.length; i += 1) {
    const { value, path } = pending[i] as { value: unknown; path: string };
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return `${path || 'The body'} ${problem}`;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const problem = textProblem(key);
        if (problem) return `Property names ${problem}: ${JSON.stringify(childPath)}`;
        if (pending.length > MAX_BODY_MEMBERS) return `The body must not hold more than ${MAX_BODY_MEMBERS} array elements and object properties`;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/**
 * Guards every request body before validation:
 * - application/json is parsed by Fastify's own parser (prototype poisoning refused) only when it
 *   nests at most {@link MAX_JSON_DEPTH} levels, so that no later step (class-transformer,
 *   class-validator, the error message) recurses out of stack on it;
 * - a JSON or form body that is not UTF-8 is refused, rather than read with U+FFFD in place of its
 *   invalid bytes (the application is created with `rawBody`, which keeps the bytes of those bodies);
 * - a parsed body (JSON, form or text) holding a control character, a lone surrogate or a
 *   noncharacter anywhere, or too many values, is refused (see {@link bodyProblem}).
 * All answer 400 VALIDATION_FAILED with the error body; the body limit (413) is the adapter's.
 */
export function guardRequestBodies(app: NestFastifyApplication, bodyLimit: number): void {
  const instance = app.getHttpAdapter().getInstance();
  const parseJson = instance.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit }, (request, body, done) => {
    const text = body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new DomainError('VALIDATION_FAILED', `The JSON body must not nest deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  instance.addHook('preValidation', (request, _reply, done) => {
    const { rawBody } = request as RawBodyRequest<FastifyRequest>;
    if (rawBody !== undefined && !isUtf8(rawBody)) {
      done(new DomainError('VALIDATION_FAILED', 'The body must be UTF-8 text'));
      return;
    }
    const problem = bodyProblem(request.body);
    done(problem === undefined ? undefined : new DomainError('VALIDATION_FAILED', problem));
  });
}
