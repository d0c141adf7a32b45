// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { STUDY_LINK_HANDLED_KEY } from '../../lib/browser-storage';
import { readSelfScheduleLink } from './self-schedule-link';

const S = '11111111-1111-4111-8111-111111111111';
const T = '22222222-2222-4222-8222-222222222222';
const D = 'eyJ0IjoiIn0.signature';

beforeEach(() => window.sessionStorage.clear());

describe('the self-schedule page’s link', () => {
  test('marks the link it was opened with as handled, so the portal’s study-link flow never runs it again (CI: it sent the tester back here)', () => {
    readSelfScheduleLink(`?s=${S}&t=${T}&d=${D}`);
    expect(window.sessionStorage.getItem('s')).toBe(S);
    expect(window.sessionStorage.getItem(STUDY_LINK_HANDLED_KEY)).toBe(`${S}|${T}|${D}|`);
  });

  test('a link read back from storage (no address) marks nothing', () => {
    window.sessionStorage.setItem('s', S);
    window.sessionStorage.setItem('t', T);
    expect(readSelfScheduleLink('').s).toBe(S);
    expect(window.sessionStorage.getItem(STUDY_LINK_HANDLED_KEY)).toBeNull();
  });
});
