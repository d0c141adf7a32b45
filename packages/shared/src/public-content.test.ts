import { describe, expect, it } from 'vitest';
import {
  lastMonthOnlineWinners,
  nonEmptyReferralComments,
  searchFaqs,
  winnerGroupOf,
  winnersByPeriod,
  type Faq,
  type Winner,
} from './public-content.ts';

const faqs: Faq[] = [
  { type: 1, question: 'Who can become a tester?', answer: '<p>Anyone aged 13 or older.</p>' },
  { type: 2, question: 'I forgot my password', answer: '<p>Use <strong>Forgot Username</strong> on the login page.</p>' },
  { type: 3, question: 'What are coins?', answer: '<p>Virtual COINS you redeem for Gift Cards.</p>' },
  { type: 4, question: 'Do you sell my data?', answer: '<p>We never sell personal information.</p>' },
];

describe('searchFaqs (spec 1, section 5)', () => {
  it('matches the question without regard to case', () => {
    expect(searchFaqs(faqs, 'TESTER')).toEqual([faqs[0]]);
    expect(searchFaqs(faqs, 'who CAN')).toEqual([faqs[0]]);
  });

  it('matches the answer text without regard to case', () => {
    expect(searchFaqs(faqs, 'gift cards')).toEqual([faqs[2]]);
    expect(searchFaqs(faqs, 'NEVER SELL')).toEqual([faqs[3]]);
  });

  it('matches answer text that spans markup', () => {
    expect(searchFaqs(faqs, 'forgot username')).toEqual([faqs[1]]);
  });

  it('finds entries matching in either field', () => {
    expect(searchFaqs(faqs, 'coins')).toEqual([faqs[2]]);
    expect(searchFaqs(faqs, 'sell')).toEqual([faqs[3]]);
    expect(searchFaqs(faqs, 'e')).toHaveLength(4);
  });

  it('answers nothing when nothing matches', () => {
    expect(searchFaqs(faqs, 'helicopter')).toEqual([]);
  });

  it('restores the full list, in order, for an empty search', () => {
    expect(searchFaqs(searchFaqs(faqs, 'coins'), '')).toHaveLength(1);
    expect(searchFaqs(faqs, '')).toEqual(faqs);
    expect(searchFaqs(faqs, '   ')).toEqual(faqs);
  });

  it('does not change the list it was given', () => {
    const copy = [...faqs];
    const result = searchFaqs(faqs, '');
    result.pop();
    expect(faqs).toEqual(copy);
  });
});

function winner(winnerTypeDesc: string, periodStart: string, name: string, winnerTime: string): Winner {
  return { winnerTypeDesc, periodStart, winner: name, winnerTime, year: Number(periodStart.slice(0, 4)) };
}

const winners: Winner[] = [
  winner('NewTester', '2026-01-01', 'Ann', 'Q1'),
  winner('NewTester', '2026-04-01', 'Bob', 'Q2'),
  winner('NewTester', '2026-04-01', 'Bea', 'Q2'),
  winner('NewTester', '2025-10-01', 'Cy', 'Q4'),
  winner('Facebook', '2025-07-01', 'Dee', 'July'),
  winner('Online25', '2026-09-01', 'Eve', 'September'),
  winner('Online25', '2026-10-01', 'Fay', 'October'),
  winner('Online25', '2026-10-01', 'Gus', 'October'),
  winner('Online100', '2026-10-01', 'Hal', 'October'),
  winner('Online25', '2026-12-01', 'Ivy', 'December'),
];

describe('winnerGroupOf (spec 1, 2.8)', () => {
  it('groups by winnerTypeDesc, anything unknown counting as a large online winner', () => {
    expect(winnerGroupOf('NewTester')).toBe('newTester');
    expect(winnerGroupOf('Facebook')).toBe('social');
    expect(winnerGroupOf('Online25')).toBe('online25');
    expect(winnerGroupOf('Online100')).toBe('onlineLarge');
    expect(winnerGroupOf('SomethingElse')).toBe('onlineLarge');
  });
});

describe('winnersByPeriod', () => {
  it('keeps one group of one year, newest period first, names of a period together', () => {
    expect(winnersByPeriod(winners, 'newTester', 2026)).toEqual([
      { winnerTime: 'Q2', periodStart: '2026-04-01', winners: ['Bob', 'Bea'] },
      { winnerTime: 'Q1', periodStart: '2026-01-01', winners: ['Ann'] },
    ]);
    expect(winnersByPeriod(winners, 'newTester', 2025)).toEqual([{ winnerTime: 'Q4', periodStart: '2025-10-01', winners: ['Cy'] }]);
  });

  it('answers an empty list for a year without winners (the page then shows its come-back-later text)', () => {
    expect(winnersByPeriod(winners, 'social', 2026)).toEqual([]);
    expect(winnersByPeriod([], 'newTester', 2026)).toEqual([]);
  });

  it('does not mix groups', () => {
    const social = winnersByPeriod(winners, 'social', 2025);
    expect(social.flatMap((period) => period.winners)).toEqual(['Dee']);
  });
});

describe('lastMonthOnlineWinners (only the last month is shown)', () => {
  it('answers the latest month at or before today, split into $25 and large winners', () => {
    expect(lastMonthOnlineWinners(winners, new Date(2026, 10, 15, 12))).toEqual({
      winnerTime: 'October',
      online25: ['Fay', 'Gus'],
      onlineLarge: ['Hal'],
    });
  });

  it('ignores months after today', () => {
    expect(lastMonthOnlineWinners(winners, new Date(2026, 9, 15, 12)).winnerTime).toBe('October');
    expect(lastMonthOnlineWinners(winners, new Date(2026, 8, 15, 12))).toEqual({
      winnerTime: 'September',
      online25: ['Eve'],
      onlineLarge: [],
    });
    expect(lastMonthOnlineWinners(winners, new Date(2026, 11, 15, 12))).toEqual({
      winnerTime: 'December',
      online25: ['Ivy'],
      onlineLarge: [],
    });
  });

  it('answers nothing when there are no online winners yet', () => {
    expect(lastMonthOnlineWinners(winners, new Date(2026, 7, 15, 12))).toEqual({ winnerTime: null, online25: [], onlineLarge: [] });
    expect(
      lastMonthOnlineWinners(
        winners.filter((entry) => entry.winnerTypeDesc === 'NewTester'),
        new Date(2026, 10, 15, 12),
      ).winnerTime,
    ).toBeNull();
  });
});

describe('nonEmptyReferralComments (spec 1, section 7)', () => {
  it('keeps only non-empty comments, in order', () => {
    expect(
      nonEmptyReferralComments([
        { referralComment: 'First offer' },
        { referralComment: '' },
        { referralComment: null },
        { referralComment: '   ' },
        { referralComment: 'Second offer' },
      ]),
    ).toEqual(['First offer', 'Second offer']);
  });

  it('answers an empty list when there is nothing to show', () => {
    expect(nonEmptyReferralComments([])).toEqual([]);
    expect(nonEmptyReferralComments([{ referralComment: '' }])).toEqual([]);
  });
});
