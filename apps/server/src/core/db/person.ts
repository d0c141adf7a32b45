import { eq, isNull, type Column, type Placeholder } from 'drizzle-orm';

/** Who is screened, waitlisted or booked: the tester, or one of their children (decision 029). */
export interface Person {
  testerId: string;
  /** The child's key; null for the tester themself. */
  childId: number | null;
}

/** A person in a statement built once (decision 150): the tester as a placeholder, the child as one too (null: the tester's own). */
export interface PersonPlaceholders {
  testerId: Placeholder;
  childId: Placeholder | null;
}

/** The rows of this child (child_id = id), or of the tester themself (child_id is null). */
export const isChild = (column: Column, childId: number | Placeholder | null) => (childId === null ? isNull(column) : eq(column, childId));
