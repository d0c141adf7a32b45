import { eq, isNull, type Column } from 'drizzle-orm';

/** Who is screened, waitlisted or booked: the tester, or one of their children (decision 029). */
export interface Person {
  testerId: string;
  /** The child's key; null for the tester themself. */
  childId: number | null;
}

/** The rows of this child (child_id = id), or of the tester themself (child_id is null). */
export const isChild = (column: Column, childId: number | null) => (childId === null ? isNull(column) : eq(column, childId));
