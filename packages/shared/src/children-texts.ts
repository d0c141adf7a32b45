/** The children's texts (spec 3, section 8), apart from the schemas so that the portal's shell loads no zod. */
export const CHILD_TEXTS = {
  registrationFailed: 'Child Registration Failed - 105',
  alreadyRegistered: 'Sorry, your kid already registered',
  awaitingConfirmation: 'Awaiting confirmation',
  notQualified: '(Not qualified)',
  inWaitList: '(In waitList)',
  lookupFailed: 'An error occurred while attempting to retrieve information about the child...',
  /** Code 101: the tester may not register children online yet. */
  mustJoinFirst:
    'A child must first be registered and joined to your account by Tester Services: online registration opens once you have come in to test and agreed to the facility rules.',
  /** Code 102: the confirmation e-mail could not be sent. */
  emailUnsendable: 'We could not send the confirmation e-mail. Please verify your e-mail address in My Info (Change Contact Info).',
  /** Code 103. */
  studyUnavailable: 'This study is no longer available.',
  /** Said plainly (issue 28, item 6): who does what next, and what happens when the 24 hours pass. */
  registered:
    "Your child is registered. Next, Tester Services will phone you to confirm your child: they try up to 3 times within 24 hours. If they cannot confirm your child in that time, the registration is cancelled and your child's details are deleted; you can then register again. We have also e-mailed you a link to confirm your e-mail address.",
  /** The 101 rule, said before the form (issue 28, item 6): on the account tile and the kid study's prompt. */
  onlineAfterFirstVisit:
    'Online registration of children opens after your first visit: once you have come in to test at one of our sites, you can register your children here. Until then, Tester Services register them for you.',
  /** The login page, when a child-confirmation link was opened without a session. */
  logInToConfirm:
    "Log in to confirm your child's registration: the link you opened is kept and finishes the confirmation once you are logged in.",
  confirmed: 'Your child is confirmed. You can now screen them for studies.',
  /** The e-mailed link opened before Tester Services called (decision 079): the link confirms the e-mail only. */
  emailConfirmed:
    'Thank you: your e-mail address is confirmed. Your child is waiting for a phone call from Tester Services, who confirm every child within 24 hours of the registration; you can screen and book your child once they have.',
  /** Beside 'Awaiting confirmation' in the parent's list of children. */
  awaitingCall: 'waiting for a phone call from Tester Services',
  /** A child screened or booked before Tester Services confirmed it (decision 079). */
  notConfirmedYet:
    'Your child is waiting for a phone call from Tester Services. You can screen and book your child once Tester Services have confirmed them.',
  /** kidExisted: the same first and last name and birth date as a current child of the parent. */
  duplicate: 'You have already registered this child.',
  /** tooManyChildren: the parent has CHILDREN_PER_PARENT current children (decision 079). */
  tooMany: (limit: number) => `You can register up to ${limit} children. Please contact Tester Services to register another.`,
  confirmFailed: 'This confirmation link is not valid any more. Please register your child again from your account.',
} as const;
