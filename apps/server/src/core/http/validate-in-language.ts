import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Language } from '@testerhub/shared/account-messages';
import { RequestValidationError, issuesFromZod } from './error-handler.ts';
import { requestLanguage, spanishErrorMap } from './request-language.ts';

/**
 * Routes whose messages follow the visitor's language validate the raw body again in that
 * language when Fastify's (English) validation failed, so a Spanish form gets Spanish errors.
 */
export function rejectInLanguage(request: FastifyRequest, schemaFor: (language: Language) => z.ZodType): void {
  if (!request.validationError) return;
  const language = requestLanguage(request);
  const parsed = schemaFor(language).safeParse(request.body, language === 'es' ? { error: spanishErrorMap } : undefined);
  if (parsed.success) throw new RequestValidationError([{ field: 'body', message: request.validationError.message }]);
  throw new RequestValidationError(issuesFromZod(parsed.error));
}
