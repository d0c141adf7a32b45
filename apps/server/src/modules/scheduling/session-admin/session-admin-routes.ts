import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGroupSchema,
  groupChangeResponseSchema,
  setGroupStatusSchema,
  staffGroupsResponseSchema,
  updateGroupSchema,
} from '@testerhub/shared/session-admin-schemas';
import { studyQuerySchema } from '@testerhub/shared/study-query';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost } from '../../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { SessionAdminService } from './session-admin-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/** A study's session groups in the staff console (issue 12 section 2; decision 051). */
export function sessionAdminRoutes(sessions: SessionAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/sessions/Groups',
      {
        roles: RECRUITER,
        description: "The study's session groups with seats taken and held, and the test sites. 404 for an unknown study.",
        input: studyQuerySchema,
        response: staffGroupsResponseSchema,
      },
      async (input) => {
        const found = await sessions.groups(input.studyNo);
        if (!found) throw new NotFoundError('There is no study with that number.');
        return found;
      },
    );

    staffPost(
      app,
      '/staff/sessions/CreateGroup',
      {
        roles: RECRUITER,
        description: 'A new session group of the study, with its session days on the site’s clock.',
        input: createGroupSchema,
        response: groupChangeResponseSchema,
      },
      async (input, me) => sessions.create(me, input),
    );

    staffPost(
      app,
      '/staff/sessions/UpdateGroup',
      {
        roles: RECRUITER,
        description:
          'Every field of a group again. failed: seats below the seats booked or held, or the kind, site or times of a group holding bookings.',
        input: updateGroupSchema,
        response: groupChangeResponseSchema,
      },
      async (input, me) => sessions.update(me, input),
    );

    staffPost(
      app,
      '/staff/sessions/SetGroupStatus',
      {
        roles: RECRUITER,
        description: 'Open or close a group; opening offers its free seats to the waiting list.',
        input: setGroupStatusSchema,
        response: groupChangeResponseSchema,
      },
      async (input, me) => sessions.setStatus(me, input),
    );
  };
}
