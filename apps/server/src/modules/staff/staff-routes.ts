import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffAuditExportQuerySchema,
  staffAuditQuerySchema,
  staffAuditResponseSchema,
  staffAccountChangeResponseSchema,
  staffInviteSchema,
  staffListResponseSchema,
  staffLoginCodeResponseSchema,
  staffLoginCodeSchema,
  staffLoginResponseSchema,
  staffLoginSchema,
  staffChangePasswordSchema,
  staffMeResponseSchema,
  staffNewRecoveryCodesResponseSchema,
  staffNewRecoveryCodesSchema,
  staffRecoveryCodesLeftResponseSchema,
  staffResetSignInSchema,
  staffSetDisabledSchema,
  staffSetRolesSchema,
  staffSetupCheckResponseSchema,
  staffSetupConfirmResponseSchema,
  staffSetupConfirmSchema,
  staffSetupPasswordResponseSchema,
  staffSetupPasswordSchema,
  staffSetupTokenSchema,
  staffFinishAuthenticatorMoveSchema,
  staffStartAuthenticatorMoveResponseSchema,
  staffStartAuthenticatorMoveSchema,
  staffStatusResponseSchema,
  staffLogoutResponseSchema,
} from '@testerhub/shared/staff-schemas';
import { staffGet, staffPost, type StaffCookie } from '../../core/auth/staff-scope.ts';
import { rateLimitAddress } from '../rate-limits/rate-limit-service.ts';
import type { StaffService } from './staff-service.ts';

/** The password step's proof, for the code step only (decision 044). */
const SECOND_STEP_COOKIE = 'th_staff_step';
const SECOND_STEP_PATH = '/api/staff';

/**
 * The signed device cookie of a browser that has signed in to a staff account (decision 074): its
 * wrong passwords count apart from strangers'. Its own name (not the testers' th_device) and the
 * staff API's path; bound to the staff member by its signature.
 */
const DEVICE_COOKIE = 'th_staff_device';
const DEVICE_COOKIE_DAYS = 180;

/**
 * The staff console's public calls (issue 12 section 1; decisions 043 and 044): the two-step
 * login and the set-up link's three steps. Rate-limited in the service; the cross-site guard
 * applies (all POST).
 */
export function staffPublicRoutes(staff: StaffService, cookie: StaffCookie): FastifyPluginAsyncZod {
  const setDeviceCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(DEVICE_COOKIE, value, {
      path: SECOND_STEP_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: cookie.secure,
      maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
    });
  return async (app) => {
    app.post(
      '/staff/Login',
      { schema: { tags: ['staff'], body: staffLoginSchema, response: { 200: staffLoginResponseSchema } } },
      async (request, reply) => {
        const result = await staff.login(
          request.body.email,
          request.body.password,
          rateLimitAddress(request.ip),
          request.cookies[DEVICE_COOKIE],
        );
        request.log.info({ event: 'staff.login.password', status: result.status }, 'staff login, password step');
        if (result.status === 'secondFactor') {
          reply.setCookie(SECOND_STEP_COOKIE, result.pendingToken, {
            path: SECOND_STEP_PATH,
            httpOnly: true,
            sameSite: 'strict',
            secure: cookie.secure,
            maxAge: 5 * 60,
          });
        }
        return { status: result.status, message: result.message };
      },
    );

    app.post(
      '/staff/LoginCode',
      { schema: { tags: ['staff'], body: staffLoginCodeSchema, response: { 200: staffLoginCodeResponseSchema } } },
      async (request, reply) => {
        const result = await staff.loginCode(request.cookies[SECOND_STEP_COOKIE], request.body.code, rateLimitAddress(request.ip));
        request.log.info(
          { event: 'staff.login.code', status: result.status, staffId: result.status === 'succeed' ? result.staff.id : undefined },
          'staff login, code step',
        );
        if (result.status === 'succeed') {
          cookie.set(reply, result.sessionId);
          setDeviceCookie(reply, result.deviceCookie);
          reply.clearCookie(SECOND_STEP_COOKIE, { path: SECOND_STEP_PATH });
        }
        return { status: result.status, message: result.message };
      },
    );

    app.post(
      '/staff/setup/Check',
      { schema: { tags: ['staff'], body: staffSetupTokenSchema, response: { 200: staffSetupCheckResponseSchema } } },
      async (request) => staff.checkSetup(request.body.token, rateLimitAddress(request.ip)),
    );

    app.post(
      '/staff/setup/Password',
      { schema: { tags: ['staff'], body: staffSetupPasswordSchema, response: { 200: staffSetupPasswordResponseSchema } } },
      async (request) => staff.setupPassword(request.body.token, request.body.password, rateLimitAddress(request.ip)),
    );

    app.post(
      '/staff/setup/Confirm',
      { schema: { tags: ['staff'], body: staffSetupConfirmSchema, response: { 200: staffSetupConfirmResponseSchema } } },
      async (request, reply) => {
        const result = await staff.setupConfirm(request.body.token, request.body.code, rateLimitAddress(request.ip));
        request.log.info({ event: 'staff.setup', status: result.status }, 'staff set-up confirmation');
        if (result.status === 'succeed') {
          cookie.set(reply, result.sessionId);
          setDeviceCookie(reply, result.deviceCookie);
        }
        return { status: result.status, message: result.message, recoveryCodes: result.recoveryCodes };
      },
    );
  };
}

/** The staff scope's calls: each declares the roles it admits (core/auth/staff-scope.ts). */
export function staffRoutes(staff: StaffService, cookie: StaffCookie): FastifyPluginAsyncZod {
  return async (app) => {
    staffGet(
      app,
      '/staff/Me',
      { roles: 'any', description: 'The signed-in staff member: name, e-mail, roles and sites.', response: staffMeResponseSchema },
      async (input, me) => ({
        status: 'succeed' as const,
        ...me,
      }),
    );

    staffPost(
      app,
      '/staff/Logout',
      { roles: 'any', description: 'Ends this staff session and clears its cookie.', response: staffLogoutResponseSchema },
      async (input, me, request, reply) => {
        await staff.logout(me, cookie.read(request));
        cookie.clear(reply);
        request.log.info({ event: 'staff.logout', staffId: me.id }, 'staff logout');
        return { status: 'succeed' as const };
      },
    );

    staffGet(
      app,
      '/staff/account/RecoveryCodes',
      {
        roles: 'any',
        description: 'How many of the signed-in staff member’s recovery codes are still unused (decision 072).',
        response: staffRecoveryCodesLeftResponseSchema,
      },
      async (input, me) => staff.recoveryCodesLeft(me),
    );

    staffPost(
      app,
      '/staff/account/ChangePassword',
      {
        roles: 'any',
        description: 'A new password for the signed-in staff member, given the current one and a TOTP code; their other sessions end.',
        input: staffChangePasswordSchema,
        response: staffAccountChangeResponseSchema,
      },
      async (input, me, request) => staff.changePassword(me, cookie.read(request), input),
    );

    staffPost(
      app,
      '/staff/account/NewRecoveryCodes',
      {
        roles: 'any',
        description: 'A new set of recovery codes for a TOTP code, shown once; the old set stops working.',
        input: staffNewRecoveryCodesSchema,
        response: staffNewRecoveryCodesResponseSchema,
      },
      async (input, me) => staff.makeNewRecoveryCodes(me, input.code),
    );

    staffPost(
      app,
      '/staff/account/StartAuthenticatorMove',
      {
        roles: 'any',
        description:
          'Starts moving the signed-in staff member’s authenticator to a new phone (decision 128), given the current password and a code from the current one: a new secret to enrol and its sealed token. Nothing changes yet.',
        input: staffStartAuthenticatorMoveSchema,
        response: staffStartAuthenticatorMoveResponseSchema,
      },
      async (input, me) => staff.startAuthenticatorMove(me, input),
    );

    staffPost(
      app,
      '/staff/account/FinishAuthenticatorMove',
      {
        roles: 'any',
        description:
          'Switches to the new authenticator when a code from it is given with the start’s token; the member’s other sessions end and they are e-mailed.',
        input: staffFinishAuthenticatorMoveSchema,
        response: staffAccountChangeResponseSchema,
      },
      async (input, me, request) => staff.finishAuthenticatorMove(me, cookie.read(request), input),
    );

    staffGet(
      app,
      '/staff/admin/StaffList',
      {
        roles: ['admin'],
        description: 'Every staff account with its roles, sites, second factor and state.',
        response: staffListResponseSchema,
      },
      async () => ({
        status: 'succeed' as const,
        staff: await staff.list(),
      }),
    );

    staffPost(
      app,
      '/staff/admin/Invite',
      {
        roles: ['admin'],
        description:
          'A new staff member invited by e-mail to set a password and a second factor. failed: the e-mail is taken, or a site id names no test site (field siteIds).',
        input: staffInviteSchema,
        response: staffAccountChangeResponseSchema,
      },
      async (input, me) => staff.invite(me, input),
    );

    staffPost(
      app,
      '/staff/admin/SetRoles',
      {
        roles: ['admin'],
        description:
          'A staff member’s roles and sites. failed: unknown, it would leave no admin, or a site id names no test site (field siteIds).',
        input: staffSetRolesSchema,
        response: staffAccountChangeResponseSchema,
      },
      async (input, me) => staff.setRoles(me, input),
    );

    staffPost(
      app,
      '/staff/admin/SetDisabled',
      {
        roles: ['admin'],
        description: 'A staff account disabled (its sessions end) or enabled again. failed: unknown, or it would leave no admin.',
        input: staffSetDisabledSchema,
        response: staffStatusResponseSchema,
      },
      async (input, me) => staff.setDisabled(me, input),
    );

    staffPost(
      app,
      '/staff/admin/ResetSignIn',
      {
        roles: ['admin'],
        description:
          'Another staff member back to set-up (a lost phone, decision 073): their password, sign-in code, recovery codes and sessions end, and a new set-up link is e-mailed; the later of two replaces the earlier. failed: the caller’s own account, unknown, or disabled.',
        input: staffResetSignInSchema,
        response: staffStatusResponseSchema,
      },
      async (input, me) => staff.resetSignIn(me, input),
    );

    staffGet(
      app,
      '/staff/admin/AuditLog',
      {
        roles: ['admin'],
        description: 'The audit trail, newest first, filtered by staff member, action or date.',
        input: staffAuditQuerySchema,
        response: staffAuditResponseSchema,
      },
      async (input) => staff.auditLog(input),
    );

    staffGet(
      app,
      '/staff/admin/AuditLog.csv',
      {
        roles: ['admin'],
        description:
          'The audit trail under the same filters as CSV (RFC 4180, formulas defused; newest first, at most 10,000 rows), as an attachment; the export is audited.',
        input: staffAuditExportQuerySchema,
      },
      async (input, me, _request, reply) => {
        const { csv, fileName } = await staff.exportAuditLog(me.id, input);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
