import { describe } from 'vitest';
import { TESTER_FUZZ_PARTS, testerRouteFuzz } from '../../../test/route-fuzz-parts.ts';

/** Part 2 of the testers' route fuzzing: route-fuzz.test.ts says what it proves. */
describe('every /api route under generated input', () => {
  testerRouteFuzz({ index: 2, count: TESTER_FUZZ_PARTS });
});
