import { describe } from 'vitest';
import { STAFF_FUZZ_PARTS, staffRouteFuzz } from '../../../test/route-fuzz-parts.ts';

/** Part 6 of the staff console's route fuzzing: staff-route-fuzz.test.ts says what it proves. */
describe('every staff route under generated input, as an admin', () => {
  staffRouteFuzz({ index: 6, count: STAFF_FUZZ_PARTS });
});
