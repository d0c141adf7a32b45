import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { ApiError } from '@testerhub/shared/api-errors';
import { bilingual, type Translate } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-http.json';
import es from '@testerhub/shared/locales/es/messages-http.json';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { requestLanguage, spanishErrorMap } from './request-language.ts';

/** The handler's own messages, in the request's language (Accept-Language, which the web client sets to the tab's). */
const httpTexts = bilingual(en, es);
type HttpTranslate = Translate<keyof typeof en>;

/** What a 503 for a database away asks a client to wait: within readiness's 10 s recovery bound (issue 26). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function fieldName(instancePath: string, missingProperty?: string): string {
  const pathPart = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (missingProperty) return pathPart ? `${pathPart}.${missingProperty}` : missingProperty;
  return pathPart || 'body';
}

/** Input that failed a schema the handler applied itself (for example in the tester's language). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: { field: string; message: string }[]) {
    super(issues[0]?.message ?? 'Invalid request.');
  }
}

/** zod issues as field and message pairs, the field named by its path ('body' for the whole body). */
export function issuesFromZod(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
}

/** Answers every failure as JSON in one shape: 400 names the field, 500 and 503 name only the request id. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = httpTexts(requestLanguage(request));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues =
        (requestLanguage(request) === 'es' && issuesInSpanish(request, error.validationContext)) ||
        error.validation.map((issue) => ({
          field: fieldName(issue.instancePath, (issue.params as { missingProperty?: string } | undefined)?.missingProperty),
          message: issue.message ?? 'Invalid value.',
        }));
      const body: ApiError = {
        statusCode: 400,
        error: 'Bad Request',
        message: issues[0]?.message ?? 'Invalid request.',
        field: issues[0]?.field,
        issues,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof RequestValidationError) {
      const body: ApiError = {
        statusCode: 400,
        error: 'Bad Request',
        message: error.message,
        field: error.issues[0]?.field,
        issues: error.issues,
      };
      return reply.status(400).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of the request: the database is away (a restart, a failover). A client or a
      // proxy may try again; readiness says the same to the proxy meanwhile (decision 097).
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      const body: ApiError = {
        statusCode: 503,
        error: 'Service Unavailable',
        message: t('databaseAway'),
        requestId: String(request.id),
      };
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      const body: ApiError = {
        statusCode: 500,
        error: 'Internal Server Error',
        message: t('serverFault'),
        requestId: String(request.id),
      };
      return reply.status(500).send(body);
    }
    const body: ApiError = { statusCode: status, error: httpErrorName(status), message: clientMessage(error, t) };
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
    ) {
      body.field = 'body';
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      statusCode: 404,
      error: 'Not Found',
      message: `No API route for ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });
}

/** What a request's part (body, querystring, params) is checked with, when the route checks it with zod. */
function zodSchemaOf(request: FastifyRequest, part: string): ZodType | null {
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
  return schema && typeof (schema as ZodType).safeParse === 'function' ? (schema as ZodType) : null;
}

/**
 * A malformed request that asked for Spanish (decision 118): the route's schema checks the raw part
 * again with zod's issues worded in Spanish. A schema's own texts stay as the schema words them
 * (the sign-in and registration routes check in the visitor's language themselves). Null when
 * the part cannot be checked again, so the English issues stand.
 */
function issuesInSpanish(request: FastifyRequest, part: string | undefined) {
  const inputs: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params };
  const schema = part && part in inputs ? zodSchemaOf(request, part) : null;
  if (!schema) return null;
  try {
    const parsed = schema.safeParse(inputs[part!], { error: spanishErrorMap });
    return parsed.success ? null : issuesFromZod(parsed.error);
  } catch {
    return null; // an asynchronous refinement: zod cannot check it again synchronously
  }
}

function clientMessage(error: FastifyError, t: HttpTranslate): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return t('invalidJsonBody');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return t('emptyJsonBody');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return t('bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return t('wrongMediaType');
    default:
      return error.message;
  }
}

function httpErrorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return names[status] ?? 'Error';
}
