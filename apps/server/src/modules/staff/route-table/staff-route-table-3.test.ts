import { describe } from 'vitest';
import { STAFF_ROUTE_TABLE_PARTS, staffRouteTableCases } from '../../../../test/staff-route-table.ts';

/** Part 3 of the staff route table's cases: staff-route-table.test.ts says what they prove. */
describe('the staff route table', () => {
  staffRouteTableCases({ index: 3, count: STAFF_ROUTE_TABLE_PARTS });
});
