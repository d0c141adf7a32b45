import { apiPost } from '../../lib/api';

export interface FindUsernameResponse {
  status: 'succeed' | 'failed' | (string & {});
  userName: string;
  message?: string;
}

export interface StatusResponse {
  status: 'succeed' | 'failed' | (string & {});
  message: string;
}

export function postFindUsername(firstname: string, lastname: string, emailAddress: string) {
  return apiPost<FindUsernameResponse>('/account/findusername', { firstname, lastname, emailAddress });
}

export function postForgotPassword(username: string, emailAddress: string) {
  return apiPost<StatusResponse>('/account/forgotpassword', { username, emailAddress });
}

export function postResetPassword(userId: string, code: string, password: string) {
  return apiPost<StatusResponse>('/account/ResetPassword', { UserID: userId, Code: code, Password: password });
}
