import type { z } from 'zod';
import type {
  StaffLoginCodePayload,
  StaffLoginPayload,
  staffLoginCodeResponseSchema,
  staffLoginResponseSchema,
  staffSetupCheckResponseSchema,
  staffSetupConfirmResponseSchema,
  StaffSetupPasswordPayload,
  staffSetupPasswordResponseSchema,
} from '@testerhub/shared/staff-schemas';
import { apiPost } from '../../lib/api';

/** The public staff calls: the two login steps, set-up's three, and log-out (decision 043, 044). Plain calls: nothing is cached. */
export const staffLogin = (payload: StaffLoginPayload) => apiPost<z.infer<typeof staffLoginResponseSchema>>('/staff/Login', payload);
export const staffLoginCode = (payload: StaffLoginCodePayload) =>
  apiPost<z.infer<typeof staffLoginCodeResponseSchema>>('/staff/LoginCode', payload);
export const checkSetup = (token: string) => apiPost<z.infer<typeof staffSetupCheckResponseSchema>>('/staff/setup/Check', { token });
export const setupPassword = (payload: StaffSetupPasswordPayload) =>
  apiPost<z.infer<typeof staffSetupPasswordResponseSchema>>('/staff/setup/Password', payload);
export const setupConfirm = (token: string, code: string) =>
  apiPost<z.infer<typeof staffSetupConfirmResponseSchema>>('/staff/setup/Confirm', { token, code });
export const staffLogout = () => apiPost<{ status: 'succeed' }>('/staff/Logout', {});
