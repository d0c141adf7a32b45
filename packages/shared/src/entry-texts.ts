/**
 * Texts of login, recovery and confirmation (English only in the original). Apart from the
 * messages table, so that the account root and the portal's shell do not carry it.
 */
export const ENTRY_TEXTS = {
  loginDefault: 'Incorrect username or password.',
  forcedChangeFailure: 'The username or password you entered is incorrect. Please check your credentials and try again.',
  forcedChangeSuccess: 'Password Reset Successful',
  findUsernameFailure: 'Username not found',
  forgotPasswordFailure: 'Oops! Something went wrong with your information. Please try again.',
  forgotPasswordSuccess: 'Please check your email for instructions on resetting your password.',
  resetSuccess: 'Your password has been reset. Click Close to redirect to log in page',
  resetFailure: 'Something went wrong with your link, please select link from your email again...',
  confirmFailure: 'Something went wrong with your link, please select link from your email again or Please contact Tester Services',
  confirmFailureOther: "Oops! It seems there's an issue with the link...",
  clickTrackFailure: 'This link is no longer accessible. Please contact Tester Services...',
  sessionExpired: 'Your session has expired, Please log in again to complete the scheduling process and get your coins and xp.',
  profileFailure: 'Unable to retrieve any information. We apologize for the inconvenience.',
  noScreeners: 'There are no available studies at this time. Please check back later.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  loginUsernameRequired: 'Please enter your username.',
  loginPasswordRequired: 'Please enter your password.',
  notConfirmed: 'Please confirm your e-mail address first: follow the link in the e-mail we sent when you registered.',
  resendConfirmation: 'Send the e-mail again',
  confirmationResent: 'We have sent the confirmation e-mail again. Please check your inbox, and your spam folder too.',
  confirmationResendExpired: 'Please log in again to have the confirmation e-mail sent.',
  alreadyConfirmed: 'Your e-mail address is confirmed. Please log in.',
} as const;
