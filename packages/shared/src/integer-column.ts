import { z } from 'zod';

/** The largest number an integer column holds: an id beyond it is no row (400), never a database error (500). */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/** A row id or revision the browser echoes back: a whole number an integer column can hold. */
export const integerColumnId = (message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(1, message)
    .max(INTEGER_COLUMN_MAX, message);
