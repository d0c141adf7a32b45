/**
 * Errors a service may throw that the error handler turns into an HTTP answer by their
 * statusCode (core/http/error-handler.ts). Business outcomes the spec names are not errors:
 * they are 200 answers with a status word.
 */

/** 404 with the message. */
export class NotFoundError extends Error {
  readonly statusCode = 404;
}

/** 429 with the message (ENTRY_TEXTS.tooManyRequests where the spec gives one). */
export class TooManyRequestsError extends Error {
  readonly statusCode = 429;
}

/** 403 with the message: another tester's data, refused. */
export class ForbiddenError extends Error {
  readonly statusCode = 403;
}

/** 401 with the message: the session (or its account) is gone. */
export class UnauthorizedError extends Error {
  readonly statusCode = 401;
}

/**
 * The ledger's refusal (modules/ledger): a spend larger than the balance, or a change for an
 * unknown tester; nothing was recorded. Not an HTTP answer: the callers turn it into their
 * contract's outcome. Here so that a module the ledger itself uses (the testers' staff side) can
 * catch it without importing the ledger (decision 083).
 */
export class InsufficientBalanceError extends Error {
  constructor(readonly testerId: string) {
    super('The balance would go below zero.');
  }
}
