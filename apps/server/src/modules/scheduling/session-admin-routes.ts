import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGroupSchema,
  groupChangeResponseSchema,
  setGroupStatusSchema,
  staffGroupsResponseSchema,
  studyQuerySchema,
  updateGroupSchema,
  type CreateGroupPayload,
  type SetGroupStatusPayload,
  type StudyQuery,
  type UpdateGroupPayload,
} from '@testerhub/shared/session-admin-schemas';
import type { StaffRole } from '@testerhub/shared/staff-schemas';
import { withStaff } from '../../core/auth/staff-scope.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { SessionAdminService } from './session-admin-service.ts';

/** Recruiters (admins hold every role's work: decision 049). */
const RECRUITER: readonly StaffRole[] = ['recruiter'];

/** A study's session groups in the staff console (issue 12 section 2; decision 051). */
export function sessionAdminRoutes(sessions: SessionAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/staff/sessions/Groups',
      {
        config: { staffRoles: RECRUITER },
        schema: {
          tags: ['staff'],
          description: "The study's session groups with seats taken and held, and the test sites. 404 for an unknown study.",
          querystring: studyQuerySchema,
          response: { 200: staffGroupsResponseSchema },
        },
      },
      withStaff(async (request) => {
        const found = await sessions.groups((request.query as StudyQuery).studyNo);
        if (!found) throw new NotFoundError('There is no study with that number.');
        return found;
      }),
    );

    app.post(
      '/staff/sessions/CreateGroup',
      {
        config: { staffRoles: RECRUITER },
        schema: {
          tags: ['staff'],
          description: 'A new session group of the study, with its session days on the site’s clock.',
          body: createGroupSchema,
          response: { 200: groupChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => sessions.create(me, request.body as CreateGroupPayload)),
    );

    app.post(
      '/staff/sessions/UpdateGroup',
      {
        config: { staffRoles: RECRUITER },
        schema: {
          tags: ['staff'],
          description:
            'Every field of a group again. failed: seats below the seats booked or held, or the kind, site or times of a group holding bookings.',
          body: updateGroupSchema,
          response: { 200: groupChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => sessions.update(me, request.body as UpdateGroupPayload)),
    );

    app.post(
      '/staff/sessions/SetGroupStatus',
      {
        config: { staffRoles: RECRUITER },
        schema: {
          tags: ['staff'],
          description: 'Open or close a group; opening offers its free seats to the waiting list.',
          body: setGroupStatusSchema,
          response: { 200: groupChangeResponseSchema },
        },
      },
      withStaff(async (request, me) => sessions.setStatus(me, request.body as SetGroupStatusPayload)),
    );
  };
}
