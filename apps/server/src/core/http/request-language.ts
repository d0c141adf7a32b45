import type { FastifyRequest } from 'fastify';
import { es as zodSpanish } from 'zod/locales';
import type { $ZodErrorMap } from 'zod/v4/core';
import type { Language } from '@testerhub/shared/account-messages';
import { languageOf } from '@testerhub/shared/i18n';
import { formErrorMessage } from '@testerhub/shared/zod-error-map';

/**
 * The language a request is read in, for the answers of a visitor with no session (login,
 * recovery, a malformed request): the payload's Language where the call has one (registration),
 * otherwise the first language of Accept-Language, which the web client sets to the tab's language
 * (the entry pages' toggle). Anything else, or none, is English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'body' | 'headers'>): Language {
  const named = (request.body as { Language?: unknown } | null | undefined)?.Language;
  if (named === 'es' || named === 'en') return named;
  return languageOf(request.headers['accept-language']?.split(',')[0]?.split(';')[0]);
}

const spanishLocale = zodSpanish().localeError;

/** zod's own issues in Spanish: the forms' wording where they have one (zod-error-map), else zod's Spanish. */
export const spanishErrorMap: $ZodErrorMap = (issue) => formErrorMessage(issue, 'es') ?? spanishLocale(issue);
