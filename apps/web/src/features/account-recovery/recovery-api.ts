import type { FindUsernameResponse, StatusMessageResponse } from '@testerhub/shared/account-schemas';
import { apiPost } from '../../lib/api';

export function postFindUsername(firstname: string, lastname: string, emailAddress: string) {
  return apiPost<FindUsernameResponse>('/account/findusername', { firstname, lastname, emailAddress });
}

export function postForgotPassword(username: string, emailAddress: string) {
  return apiPost<StatusMessageResponse>('/account/forgotpassword', { username, emailAddress });
}

export function postResetPassword(userId: string, code: string, password: string) {
  return apiPost<StatusMessageResponse>('/account/ResetPassword', { UserID: userId, Code: code, Password: password });
}
