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
} from '@testerhub/shared/study-admin-schemas';
import { studyQuerySchema } from '@testerhub/shared/study-query';
import { staffGet, staffPost } from '../../core/auth/staff-scope.ts';
import type { StudyAdminService } from './study-admin-service.ts';

/** Studies and their screeners in the staff console (issue 12 section 2; decision 050): the recruiter role. */
export function studyAdminRoutes(studies: StudyAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    const roles = ['recruiter'] as const;

    staffGet(
      app,
      '/staff/studies/List',
      {
        roles,
        description:
          'Studies, newest number first, 25 a page: open, closed (or opening later) or all; q matches the number or words of the name.',
        input: studyListQuerySchema,
        response: studyListResponseSchema,
      },
      async (input) => studies.list(input),
    );

    staffGet(
      app,
      '/staff/studies/Study',
      {
        roles,
        description: 'One study with every field, its screener (keys made from ids), its version and how many answered the screener.',
        input: studyQuerySchema,
        response: studyDetailResponseSchema,
      },
      async (input) => studies.detail(input.studyNo),
    );

    staffGet(
      app,
      '/staff/studies/FormOptions',
      { roles, description: 'The test sites and outside-screener hosts the form offers.', response: studyFormOptionsResponseSchema },
      async () => studies.formOptions(),
    );

    staffPost(
      app,
      '/staff/studies/CreateStudy',
      {
        roles,
        description:
          'A new study with its hosted screener or outside address. failed: the number is taken, or a site, answer or host unknown.',
        input: createStudySchema,
        response: studyChangeResponseSchema,
      },
      async (input, me) => studies.create(me, input),
    );

    staffPost(
      app,
      '/staff/studies/SaveStudy',
      {
        roles,
        description:
          'Saves every field and the screener if the study is still at `version`. failed: changed since opened, or a structural screener change after testers answered it.',
        input: saveStudySchema,
        response: studyChangeResponseSchema,
      },
      async (input, me) => studies.save(me, input),
    );

    staffPost(
      app,
      '/staff/studies/SetOpen',
      {
        roles,
        description: 'Opens the study now or closes it now, if it is still at `version`.',
        input: setStudyOpenSchema,
        response: studyChangeResponseSchema,
      },
      async (input, me) => studies.setOpen(me, input),
    );

    staffPost(
      app,
      '/staff/studies/PreviewScreener',
      {
        roles,
        description:
          'The screener being edited, answered as a tester would: the questions shown, and on completion the outcome. Writes nothing.',
        input: previewScreenerSchema,
        response: previewScreenerResponseSchema,
      },
      async (input) => studies.preview(input),
    );
  };
}
