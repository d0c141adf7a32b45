import type {
  CredentialsResponse,
  LoginResponse,
  LoginUsernameResponse,
  ResendConfirmEmailResponse,
} from '@testerhub/shared/account-schemas';
import { apiPost } from '../../lib/api';

/** Where a tester goes when the answer's url is missing or not one of ours. */
export const PORTAL_HOME = '/community/main/screener';

export interface CredentialsPayload {
  Username: string;
  CurrentPassword: string;
  NewPassword: string;
  EmailAddress: string;
  PhoneNumber: string;
}

export function postLogin(username: string, password: string): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/account/Login', { username, password });
}

/** The confirmation e-mail again, for the login that just answered notConfirmed (its cookie names the account). */
export function postResendConfirmation(): Promise<ResendConfirmEmailResponse> {
  return apiPost<ResendConfirmEmailResponse>('/account/ResendConfirmEmail', {});
}

export function postInitializeInformation(payload: CredentialsPayload): Promise<CredentialsResponse> {
  return apiPost<CredentialsResponse>('/account/initializeInformation', payload);
}

/** The username of the tester a study link names: the link's t with its d, which proves the link was e-mailed to them (decision 075). */
export function postLoginUsername(testerId: string, linkData: string): Promise<LoginUsernameResponse> {
  return apiPost<LoginUsernameResponse>('/account/GetLoginUsername', { t: testerId, d: linkData });
}

/** Only a path on this site is followed after login: never another origin (GUIDE section 5, no open redirects). */
export function safeRedirect(url: string | undefined): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return PORTAL_HOME;
  return url;
}

export type { CredentialsResponse, LoginResponse } from '@testerhub/shared/account-schemas';
