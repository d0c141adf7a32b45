import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createStudySchema,
  previewScreenerResponseSchema,
  previewScreenerSchema,
  saveStudySchema,
  setStudyOpenSchema,
  studyChangeResponseSchema,
  studyDetailResponseSchema,
  studyFormOptionsResponseSchema,
  studyListQuerySchema,
  studyListResponseSchema,
  studyQuerySchema,
  type CreateStudyPayload,
  type PreviewScreenerPayload,
  type SaveStudyPayload,
  type SetStudyOpenPayload,
  type StudyListQuery,
} from '@testerhub/shared/study-admin-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import type { StudyAdminService } from './study-admin-service.ts';

/** Studies and their screeners in the staff console (issue 12 section 2; decision 050): the recruiter role. */
export function studyAdminRoutes(studies: StudyAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { staffRoles: ['recruiter'] as const };

    app.get(
      '/staff/studies/List',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            'Studies, newest number first, 25 a page: open, closed (or opening later) or all; q matches the number or words of the name.',
          querystring: studyListQuerySchema,
          response: { 200: studyListResponseSchema },
        },
      },
      async (request) => studies.list(request.query as StudyListQuery),
    );

    app.get(
      '/staff/studies/Study',
      {
        config,
        schema: {
          tags: ['staff'],
          description: 'One study with every field, its screener (keys made from ids), its version and how many answered the screener.',
          querystring: studyQuerySchema,
          response: { 200: studyDetailResponseSchema },
        },
      },
      async (request) => studies.detail(request.query.studyNo),
    );

    app.get(
      '/staff/studies/FormOptions',
      {
        config,
        schema: {
          tags: ['staff'],
          description: 'The test sites and outside-screener hosts the form offers.',
          response: { 200: studyFormOptionsResponseSchema },
        },
      },
      async () => studies.formOptions(),
    );

    app.post(
      '/staff/studies/CreateStudy',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            'A new study with its hosted screener or outside address. failed: the number is taken, or a site, answer or host unknown.',
          body: createStudySchema,
          response: { 200: studyChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => studies.create(me, request.body as CreateStudyPayload)),
    );

    app.post(
      '/staff/studies/SaveStudy',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            'Saves every field and the screener if the study is still at `version`. failed: changed since opened, or a structural screener change after testers answered it.',
          body: saveStudySchema,
          response: { 200: studyChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => studies.save(me, request.body as SaveStudyPayload)),
    );

    app.post(
      '/staff/studies/SetOpen',
      {
        config,
        schema: {
          tags: ['staff'],
          description: 'Opens the study now or closes it now, if it is still at `version`.',
          body: setStudyOpenSchema,
          response: { 200: studyChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => studies.setOpen(me, request.body as SetStudyOpenPayload)),
    );

    app.post(
      '/staff/studies/PreviewScreener',
      {
        config,
        schema: {
          tags: ['staff'],
          description:
            'The screener being edited, answered as a tester would: the questions shown, and on completion the outcome. Writes nothing.',
          body: previewScreenerSchema,
          response: { 200: previewScreenerResponseSchema },
        },
      },
      withStaff(async (request) => studies.preview(request.body as PreviewScreenerPayload)),
    );
  };
}
