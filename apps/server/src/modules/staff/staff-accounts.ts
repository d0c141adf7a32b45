import { COMPANY } from '@testerhub/shared/company';
import {
  STAFF_TEXTS,
  type StaffInvitePayload,
  type StaffResetSignInPayload,
  type StaffRole,
  type StaffSetDisabledPayload,
  type StaffSetRolesPayload,
} from '@testerhub/shared/staff-schemas';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { Executor } from '../../core/db/client.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import { standardMessage } from '../mail/mail-service.ts';
import { auditView, principal, type StaffContext, type StaffPrincipal } from './staff-context.ts';
import type { StaffRow } from './staff-repository.ts';

/** Where a set-up link leads (the staff console's set-up page). */
export const STAFF_SETUP_PATH = '/staff/setup';

/**
 * Staff accounts (decisions 043 and 073): made by the server's command or an admin's invitation,
 * their roles and sites, disabled or enabled, reset to set-up; each change audited.
 */
export function createStaffAccounts(context: StaffContext) {
  const { db, clock, config, mail, repository, audited } = context;

  /** A set-up link for the account, its token stored hashed; older open links of the account end. */
  async function issueSetupLink(tx: Executor, staff: StaffRow, invitedBy: string | null) {
    const token = randomToken();
    await repository.closeInvitationsOf(tx, staff.id, clock.now());
    await repository.insertInvitation(tx, {
      tokenHash: hashToken(token),
      staffId: staff.id,
      roles: staff.roles,
      invitedBy,
      createdAt: clock.now(),
      expiresAt: new Date(clock.nowMs() + config.invitationDays * 24 * 3600_000),
    });
    return mail.link(STAFF_SETUP_PATH, { token });
  }

  /** The e-mail carrying a set-up link: an invitation, or a new link after a reset (decision 073). */
  const setupLinkMessage = (row: StaffRow, link: string, message: { kind: string; subject: string; opening: string }) =>
    standardMessage({
      to: row.email,
      kind: message.kind,
      subject: message.subject,
      greeting: `Hello ${row.name},`,
      paragraphs: [
        message.opening,
        `Open the link below to choose your password and set up your sign-in code. The link works once, for ${config.invitationDays} days.`,
      ],
      action: { label: 'Set up my account', href: link },
    });

  /**
   * An account's site ids must name test sites: checked in the change's transaction with the
   * sites share-locked, so a site's removal either counts this account (refused, decision 069) or
   * has removed the site before and the change is refused here.
   */
  async function checkSites(tx: Executor, siteIds: readonly string[]) {
    const unknown = await context.unknownTestSiteIds(siteIds, tx);
    if (unknown.length > 0) throw new StaffRefusal(STAFF_TEXTS.unknownSites(unknown), 'siteIds');
  }

  /**
   * An existing account back to set-up (a lost phone): in one audited unit of work with the
   * member's row locked, the password, second factor, recovery codes and sessions end, and a new
   * set-up link replaces any open one. From the server's command (`by` null: found by e-mail, the
   * link printed) the account is also enabled. From an admin (decision 073: found by id, audited
   * as theirs) a disabled account is refused and the link is e-mailed through the outbox. Two
   * resets at once run one after the other, so the later link is the one that works. Null: no
   * such account.
   */
  async function resetAccount(target: { email: string } | { staffId: string }, by: StaffPrincipal | null = null) {
    const staffId = 'email' in target ? (await repository.findByEmail(db, target.email.trim()))?.id : target.staffId;
    if (!staffId) return null;
    return audited(by?.id ?? null, 'staff.reset-account', { type: 'staff', id: staffId }, async (tx) => {
      const before = await repository.lockById(tx, staffId);
      if (!before) throw new NotFound();
      // Enabling is a separate, deliberate change for an admin: a slip must not let a departed member back in.
      if (by && before.disabledAt) throw new StaffRefusal(STAFF_TEXTS.resetDisabled);
      const after = (await repository.update(tx, staffId, {
        passwordHash: null,
        totpSecret: null,
        totpConfirmedAt: null,
        totpLastStep: null,
        disabledAt: null,
      }))!;
      await repository.replaceRecoveryCodes(tx, staffId, []);
      await repository.deleteSessionsOf(tx, staffId);
      const link = await issueSetupLink(tx, after, by?.id ?? null);
      if (by)
        await mail.queue(
          setupLinkMessage(after, link, {
            kind: 'staff-new-setup-link',
            subject: `A new set-up link for the ${COMPANY.name} staff console`,
            opening: `${by.name} sent you a new set-up link. Your old password, sign-in code and recovery codes no longer work, and your sessions have ended.`,
          }),
          tx,
        );
      return { before: auditView(before), after: auditView(after), result: { staffId, name: after.name, link } };
    }).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
  }
  return {
    /**
     * The first admin (the staff:create-admin command) or any account made on the server: the
     * account with its roles and a set-up link, audited as the command's doing (no staff member).
     */
    async createAccount(input: { name: string; email: string; roles: StaffRole[]; siteIds?: string[] }) {
      const existing = await repository.findByEmail(db, input.email.trim());
      if (existing) throw new Error(STAFF_TEXTS.emailTaken);
      let link = '';
      const staff = await audited(null, 'staff.create-account', { type: 'staff', id: 'new' }, async (tx) => {
        await checkSites(tx, input.siteIds ?? []);
        const row = await repository.insert(tx, {
          name: input.name.trim(),
          email: input.email.trim(),
          roles: input.roles,
          siteIds: input.siteIds ?? [],
          createdAt: clock.now(),
        });
        link = await issueSetupLink(tx, row, null);
        return { before: null, after: auditView(row), result: row, targetId: row.id };
      });
      return { staffId: staff.id, link };
    },

    resetAccount,

    /** Staff members' names by id. */
    staffNames: (ids: readonly string[]) => repository.namesByIds(db, ids),

    async list() {
      const rows = await repository.list(db);
      return rows.map((row) => ({
        ...principal(row),
        state: row.disabledAt ? ('disabled' as const) : row.totpConfirmedAt ? ('active' as const) : ('invited' as const),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** An admin invites by e-mail: the account with its roles now, the set-up link through the outbox. */
    async invite(actor: StaffPrincipal, input: StaffInvitePayload) {
      if (await repository.findByEmail(db, input.email)) return { status: 'failed' as const, message: STAFF_TEXTS.emailTaken };
      const siteIds = input.roles.includes('site-staff') ? input.siteIds : [];
      return refusalAnswered(async () => {
        const created = await audited(actor.id, 'staff.invite', { type: 'staff', id: 'new' }, async (tx) => {
          await checkSites(tx, siteIds);
          const row = await repository.insert(tx, {
            name: input.name,
            email: input.email,
            roles: input.roles,
            siteIds,
            createdAt: clock.now(),
          });
          const link = await issueSetupLink(tx, row, actor.id);
          await mail.queue(
            setupLinkMessage(row, link, {
              kind: 'staff-invitation',
              subject: `You are invited to the ${COMPANY.name} staff console`,
              opening: `${actor.name} invited you to the ${COMPANY.name} staff console.`,
            }),
            tx,
          );
          return { before: null, after: auditView(row), result: row, targetId: row.id };
        });
        return { status: 'succeed' as const, message: `${created.name} is invited.` };
      });
    },

    async setRoles(actor: StaffPrincipal, input: StaffSetRolesPayload) {
      if (input.staffId === actor.id && !input.roles.includes('admin'))
        return { status: 'failed' as const, message: STAFF_TEXTS.cannotDropOwnAdmin };
      const siteIds = input.roles.includes('site-staff') ? input.siteIds : [];
      return refusalAnswered(() =>
        audited(actor.id, 'staff.set-roles', { type: 'staff', id: input.staffId }, async (tx) => {
          const before = await repository.lockById(tx, input.staffId);
          if (!before) throw new NotFound();
          await checkSites(tx, siteIds);
          const after = await repository.update(tx, input.staffId, { roles: input.roles, siteIds });
          return { before: auditView(before), after: auditView(after!), result: { status: 'succeed' as const, message: 'Roles saved.' } };
        }),
      ).catch(notFound);
    },

    /** Disables (ending every session at once) or enables an account. */
    async setDisabled(actor: StaffPrincipal, input: StaffSetDisabledPayload) {
      if (input.staffId === actor.id && input.disabled) return { status: 'failed' as const, message: STAFF_TEXTS.cannotDisableSelf };
      return audited(actor.id, input.disabled ? 'staff.disable' : 'staff.enable', { type: 'staff', id: input.staffId }, async (tx) => {
        const before = await repository.lockById(tx, input.staffId);
        if (!before) throw new NotFound();
        const after = await repository.update(tx, input.staffId, {
          disabledAt: input.disabled ? (before.disabledAt ?? clock.now()) : null,
        });
        if (input.disabled) await repository.deleteSessionsOf(tx, input.staffId);
        return {
          before: auditView(before),
          after: auditView(after!),
          result: { status: 'succeed' as const, message: input.disabled ? 'Account disabled.' : 'Account enabled.' },
        };
      }).catch(notFound);
    },

    /**
     * An admin sends another member a new set-up link (decision 073): `resetAccount` on their
     * behalf. Their own account is refused (they would lock themselves out; Your sign-in or the
     * command serve them), as are an unknown or a disabled one.
     */
    async resetSignIn(actor: StaffPrincipal, input: StaffResetSignInPayload) {
      if (input.staffId === actor.id) return { status: 'failed' as const, message: STAFF_TEXTS.cannotResetSelf };
      return refusalAnswered(async () => {
        const reset = await resetAccount({ staffId: input.staffId }, actor);
        if (!reset) return { status: 'failed' as const, message: STAFF_TEXTS.noSuchStaff };
        return { status: 'succeed' as const, message: STAFF_TEXTS.setupLinkSent(reset.name) };
      });
    },

    /** The names of the staff members (disabled ones too) carrying the site among theirs, in the caller's unit of work (a site's removal, decision 069). */
    namesAtSite: (siteId: string, tx: Executor) => repository.namesWithSite(tx, siteId),
  };
}

class NotFound extends Error {}

function notFound(error: unknown) {
  if (error instanceof NotFound) return { status: 'failed' as const, message: STAFF_TEXTS.noSuchStaff };
  throw error;
}
