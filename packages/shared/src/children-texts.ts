import { fillText } from './i18n.ts';
import en from './locales/en/children.json' with { type: 'json' };
import messages from './locales/en/messages-children.json' with { type: 'json' };

/**
 * The children's texts (spec 3, section 8), apart from the schemas so that the portal's shell loads
 * no zod. English, read from the translation files (one copy of each text): the portal reads them in
 * the tester's language from there (children.json); the refusals the server sends are the server's
 * (messages-children.json). The browser tests and the server's tests assert these.
 */
export const CHILD_TEXTS = {
  registrationFailed: en.registrationFailed,
  alreadyRegistered: en.alreadyRegistered,
  awaitingConfirmation: en.awaitingConfirmation,
  notQualified: en.notQualified,
  inWaitList: en.inWaitList,
  lookupFailed: en.lookupFailed,
  /** Code 101: the tester may not register children online yet. */
  mustJoinFirst: messages.mustJoinFirst,
  /** Code 102: the confirmation e-mail could not be sent. */
  emailUnsendable: messages.emailUnsendable,
  /** Code 103. */
  studyUnavailable: messages.studyUnavailable,
  /** Said plainly (issue 28, item 6): who does what next, and what happens when the 24 hours pass. */
  registered: en.registered,
  /** The 101 rule, said before the form (issue 28, item 6): on the account tile and the kid study's prompt. */
  onlineAfterFirstVisit: en.onlineAfterFirstVisit,
  /** The login page, when a child-confirmation link was opened without a session. */
  logInToConfirm: en.logInToConfirm,
  confirmed: en.confirmed,
  /** The e-mailed link opened before Tester Services called (decision 079): the link confirms the e-mail only. */
  emailConfirmed: en.emailConfirmed,
  /** Beside 'Awaiting confirmation' in the parent's list of children. */
  awaitingCall: en.awaitingCall,
  /** A child screened or booked before Tester Services confirmed it (decision 079). */
  notConfirmedYet: messages.notConfirmedYet,
  /** kidExisted: the same first and last name and birth date as a current child of the parent. */
  duplicate: messages.duplicate,
  /** tooManyChildren: the parent has CHILDREN_PER_PARENT current children (decision 079). */
  tooMany: (limit: number) => fillText(messages.tooMany, { limit }),
  confirmFailed: en.confirmFailed,
} as const;
