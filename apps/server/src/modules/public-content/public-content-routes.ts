import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { legalTextQuerySchema, publicLegalTextSchema } from '@testerhub/shared/legal-text-schemas';
import {
  faqSchema,
  referralEventSchema,
  testimonialSchema,
  testSiteSchema,
  themeNameSchema,
  themeStyleSchema,
  winnerSchema,
} from '@testerhub/shared/public-content-schemas';
import { requestLanguage } from '../../core/http/request-language.ts';
import type { PublicContentService } from './public-content-service.ts';

export interface PublicContentRouteOptions {
  service: PublicContentService;
}

/** The public data calls of spec 1, section 7, plus the two the home page and maps need. */
export const publicContentRoutes: FastifyPluginAsyncZod<PublicContentRouteOptions> = async (app, { service }) => {
  app.post(
    '/themeStyle/GetStyles',
    {
      schema: {
        tags: ['public'],
        description: 'Colour list of a named theme. The body is a JSON string naming the theme.',
        body: themeNameSchema,
        response: { 200: themeStyleSchema, 404: apiErrorSchema },
      },
    },
    (request) => service.getThemeStyle(request.body),
  );

  app.get('/reward/GetWinners', { schema: { tags: ['public'], response: { 200: z.array(winnerSchema) } } }, () => service.listWinners());

  app.get('/reward/GetFaqs', { schema: { tags: ['public'], response: { 200: z.array(faqSchema) } } }, () => service.listFaqs());

  app.get('/callout/GetReferralEvent', { schema: { tags: ['public'], response: { 200: z.array(referralEventSchema) } } }, () =>
    service.listReferralEvents(),
  );

  app.get('/content/GetTestimonials', { schema: { tags: ['public'], response: { 200: z.array(testimonialSchema) } } }, () =>
    service.listTestimonials(),
  );

  app.get('/content/GetTestSites', { schema: { tags: ['public'], response: { 200: z.array(testSiteSchema) } } }, () =>
    service.listTestSites(),
  );

  app.get(
    '/content/LegalText',
    {
      schema: {
        tags: ['public'],
        description:
          "The published body of a legal page; version null: the page shows its built-in text (decision 070). In the language of Accept-Language (the tab's, sent by the web client): Spanish when the version has one, else English marked englishOnly (decision 132).",
        querystring: legalTextQuerySchema,
        response: { 200: publicLegalTextSchema },
      },
    },
    (request, reply) => {
      // The answer depends on the language asked: no cache may hand one reader's language to another.
      void reply.header('vary', 'Accept-Language');
      return service.getLegalText(request.query.page, requestLanguage(request));
    },
  );
};
