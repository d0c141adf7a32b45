/** Demo content for a new database: enough for a newcomer to see a living site. */

import { CANCELLATION_NOTICE_HOURS } from '@testerhub/shared/company';

export const demoFaqs: { type: number; question: string; answer: string }[] = [
  {
    type: 1,
    question: 'Who can become a tester?',
    answer:
      "<p>Anyone living in the United States who is 13 or older can register online. Teens aged 13 to 17 need a parent's permission. Children under 13 are registered by a parent through Tester Services.</p>",
  },
  {
    type: 1,
    question: 'How often will I be invited to test?',
    answer:
      '<p>Most testers take part in a study about 3-4 times a year. How often depends on the studies running near you and on your answers to our screeners.</p>',
  },
  {
    type: 1,
    question: 'What kinds of studies are there?',
    answer: '<p>Taste tests, product usage tests, focus groups, in-person studies, take-home studies and online screeners.</p>',
  },
  {
    type: 1,
    question: 'Can more than one person in my household register?',
    answer:
      '<p>Yes, every member of a household may have an account of their own, but one person may only ever have one account. Some studies accept only one person per household.</p>',
  },
  {
    type: 2,
    question: 'I forgot my username or password. What do I do?',
    answer:
      '<p>Use <strong>Forgot Username / reset password?</strong> on the login page. We e-mail your username or a link to choose a new password.</p>',
  },
  {
    type: 2,
    question: 'How do I change or cancel a scheduled study?',
    answer: `<p>Open <em>Schedule</em> in your account. Changes and cancellations must be made at least ${CANCELLATION_NOTICE_HOURS} hours before the session; inside that window please call Tester Services.</p>`,
  },
  {
    type: 2,
    question: 'What should I bring to a study?',
    answer: '<p>A government-issued photo ID. Please arrive 10-15 minutes early so that check-in does not delay the session.</p>',
  },
  {
    type: 2,
    question: 'Why did I not qualify for a study?',
    answer:
      '<p>Each study looks for a specific mix of testers. Not qualifying for one study says nothing about the next one, so keep answering screeners.</p>',
  },
  {
    type: 3,
    question: 'How am I paid for a study?',
    answer: '<p>Cash on site, a check by mail, or a gift card for take-home studies. The study invitation tells you which.</p>',
  },
  {
    type: 3,
    question: 'What are coins?',
    answer:
      '<p>Virtual coins you earn for online screeners and other activities. Coins have no cash value, but you can redeem them for gift cards and other prizes.</p>',
  },
  {
    type: 3,
    question: 'How does the new tester drawing work?',
    answer:
      '<p>Every new tester is entered in a quarterly drawing for a $50 gift card. Drawings are held on 3/31, 6/30, 9/30 and 12/1, and only the quarter in which you first registered counts.</p>',
  },
  {
    type: 3,
    question: 'When is the referral reward paid?',
    answer: '<p>The check is mailed within 30 days after the person you referred completes their first study.</p>',
  },
  {
    type: 4,
    question: 'What do you do with my information?',
    answer:
      '<p>We use it to match you with studies and to pay you. Study responses are analysed and reported anonymously; we never sell your personal information.</p>',
  },
  {
    type: 4,
    question: 'Do you collect information from children?',
    answer: '<p>We do not collect information online from anyone under 13. A parent registers a child through Tester Services.</p>',
  },
  {
    type: 4,
    question: 'How can I stop receiving messages?',
    answer: '<p>Switch phone, text or e-mail contact off in your account settings at any time, or call Tester Services.</p>',
  },
];

export const demoTestimonials = [
  {
    name: 'Maria G.',
    city: 'Plano, TX',
    quote:
      'I have tested snacks, shampoo and even a new coffee maker. The staff are friendly, the sessions start on time and I am paid before I leave.',
  },
  {
    name: 'Derrick W.',
    city: 'Chicago, IL',
    quote: 'I signed up to earn a little extra and stayed because it is fun. My opinion actually ends up in products I see at the store.',
  },
];

export const demoTestSites = [
  {
    siteId: '00001',
    mapCode: 'ch',
    name: 'Chicago Test Center',
    city: 'Chicago',
    timeZone: 'America/Chicago',
    address: '200 W Monroe St, Suite 1200, Chicago, IL 60606',
    phone: '(312) 555-0110',
    fax: '(312) 555-0111',
    tollFree: '(800) 555-0112',
    airportDirections: [
      {
        airport: "O'Hare International (ORD)",
        directions:
          'Take I-190 East to I-90/94 East into downtown, exit at Monroe Street and go east four blocks. Or ride the CTA Blue Line to Monroe.',
      },
      {
        airport: 'Midway International (MDW)',
        directions:
          'Take Cicero Avenue north to I-55 North, follow it to Lake Shore Drive, then Monroe Street west. Or ride the CTA Orange Line to the Loop.',
      },
    ],
  },
  {
    siteId: '00002',
    mapCode: 'da',
    name: 'Dallas Test Center',
    city: 'Plano',
    timeZone: 'America/Chicago',
    address: '5000 Legacy Dr, Suite 300, Plano, TX 75024',
    phone: '(972) 555-0120',
    fax: '(972) 555-0121',
    tollFree: '(800) 555-0122',
    airportDirections: [
      {
        airport: 'Dallas/Fort Worth International (DFW)',
        directions: 'Leave by the north exit, take TX-121 North to the Dallas North Tollway North, exit at Legacy Drive and turn right.',
      },
      {
        airport: 'Dallas Love Field (DAL)',
        directions: 'Take Mockingbird Lane east to the Dallas North Tollway North, exit at Legacy Drive and turn right.',
      },
    ],
  },
  {
    siteId: '00003',
    mapCode: 'ny',
    name: 'New York Test Center',
    city: 'White Plains',
    timeZone: 'America/New_York',
    address: '50 Main St, Suite 900, White Plains, NY 10606',
    phone: '(914) 555-0130',
    fax: '(914) 555-0131',
    tollFree: '(800) 555-0132',
    airportDirections: [
      {
        airport: 'Westchester County (HPN)',
        directions: 'Take Airport Road to NY-120 South, then I-287 West to exit 8. Follow Main Street west for half a mile.',
      },
      {
        airport: 'LaGuardia (LGA)',
        directions: 'Take the Grand Central Parkway to I-278, then the Hutchinson River Parkway North to I-287 West, exit 8.',
      },
    ],
  },
  {
    siteId: '00004',
    mapCode: 'la',
    name: 'Los Angeles Test Center',
    city: 'Santa Ana',
    timeZone: 'America/Los_Angeles',
    address: '2 Hutton Centre Dr, Suite 500, Santa Ana, CA 92707',
    phone: '(714) 555-0140',
    fax: '(714) 555-0141',
    tollFree: '(800) 555-0142',
    airportDirections: [
      {
        airport: 'John Wayne (SNA)',
        directions: 'Take MacArthur Boulevard to I-405 North, then CA-55 North to Dyer Road West and turn onto Hutton Centre Drive.',
      },
      {
        airport: 'Los Angeles International (LAX)',
        directions: 'Take I-105 East to I-405 South, then CA-55 North to Dyer Road West and turn onto Hutton Centre Drive.',
      },
    ],
  },
];

/** The themes the spec names, plus the one behind the home page's hero animation. */
export const demoThemeStyles = [
  { name: 'homeHeroTheme', colors: ['#0b5cab', '#1f8a70', '#f2b134', '#ed6a5a'] },
  { name: 'loginTheme2', colors: ['#0b5cab', '#4c8ed9', '#e8f1fb'] },
  { name: 'navDivTheme2', colors: ['#ffffff', '#0b5cab', '#1d2939'] },
  { name: 'mainLeftTheme2', colors: ['#f4f7fb', '#0b5cab', '#f2b134'] },
  { name: 'screenerKidTheme2', colors: ['#ffd166', '#06d6a0', '#118ab2', '#ef476f'] },
  { name: 'screenerAdultTheme2', colors: ['#1d3557', '#457b9d', '#a8dadc', '#f1faee'] },
];

export const demoReferralComments = [
  'Refer a friend this month and get a $10 bonus on top of your regular referral reward once they complete their first study.',
  'Friends who register from your invitation before the end of the month are entered in our monthly new tester drawing.',
  '',
];

export const demoWinnerNames = [
  'Angela M. (Chicago)',
  'Brian T. (Plano)',
  'Carmen R. (Santa Ana)',
  'David K. (White Plains)',
  'Elena S. (Chicago)',
  'Frank L. (Plano)',
  'Grace P. (Santa Ana)',
  'Hector V. (White Plains)',
  'Irene C. (Chicago)',
  'James B. (Plano)',
];

/** Experience needed for each level; the last level is Max. */
export const demoLevels = [0, 100, 250, 500, 1000, 2000, 3500, 5000, 7500, 10000].map((expRequired, index) => ({
  level: index + 1,
  expRequired,
}));

/** How-heard choices; '0O' (Other) needs a detail text. The ad-entry codes are here so an ad visitor's choice is preselected. */
export const demoAdSources = [
  { adId: '2A', adName: 'Facebook' },
  { adId: '2G', adName: 'Twitter / X' },
  { adId: '2E', adName: 'Google search' },
  { adId: '3T', adName: 'Flyer or card' },
  { adId: '3F', adName: 'Yellow pages or directory' },
  { adId: '1R', adName: 'A friend or family member' },
  { adId: '1N', adName: 'Newspaper or magazine' },
  { adId: '1W', adName: 'Another website' },
  { adId: '0O', adName: 'Other' },
];

/** Three-digit zip prefixes near each test site (decision 007); anything else is online-only (88888). */
export const demoZipPrefixSites: { prefix: string; siteId: string }[] = [
  ...range(600, 629).map((prefix) => ({ prefix: pad3(prefix), siteId: '00001' })),
  ...range(750, 769).map((prefix) => ({ prefix: pad3(prefix), siteId: '00002' })),
  ...[...range(100, 149), ...range(60, 69), ...range(70, 89)].map((prefix) => ({ prefix: pad3(prefix), siteId: '00003' })),
  ...range(900, 935).map((prefix) => ({ prefix: pad3(prefix), siteId: '00004' })),
  // Alaska and Hawaii: no travel to a test site is possible; their testers take part by mail only.
  ...[...range(967, 968), ...range(995, 999)].map((prefix) => ({ prefix: pad3(prefix), siteId: '00006' })),
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
function pad3(value: number): string {
  return String(value).padStart(3, '0');
}

/** A tester known from before the site, to try the re-engagement form (code 1234567, phone 3125550100). */
export const demoReEngagement = {
  code: '1234567',
  phone: '3125550100',
  v: 'demo-returning-tester',
  email: 'returning.tester@testerhub.example',
  firstName: 'Rosa',
  lastName: 'Alvarez',
  zipCode: '60614',
  address: '2200 N Lincoln Ave',
  city: 'Chicago',
  state: 'IL',
  sex: 'F',
  raceId: 'H',
  birthDate: '1984-05-12',
};

/** Demo logins, shown in the README: a ready tester and one that must change its credentials at first login. */
export const demoTesters = [
  {
    username: 'demotester1',
    password: 'Demo#Pass1',
    email: 'demo.tester@testerhub.example',
    firstName: 'Dana',
    lastName: 'Tester',
    zipCode: '60606',
    address: '200 W Monroe St',
    city: 'Chicago',
    state: 'IL',
    sex: 'F',
    phone: '3125550111',
    raceId: 'O',
    adId: '1R',
    birthDate: '1990-03-14',
    siteId: '00001',
    mustChangeCredentials: false,
    coins: 350,
    exp: 180,
    level: 2,
  },
  {
    username: 'changeme01',
    password: 'Change#Me1',
    email: 'change.me@testerhub.example',
    firstName: 'Chris',
    lastName: 'Newname',
    zipCode: '75024',
    address: '5000 Legacy Dr',
    city: 'Plano',
    state: 'TX',
    sex: 'M',
    phone: '9725550122',
    raceId: 'C',
    adId: '2E',
    birthDate: '1978-11-02',
    siteId: '00002',
    mustChangeCredentials: true,
    coins: 100,
    exp: 0,
    level: 1,
  },
];

/** A tester the no-show rule suspended (decision 046), for the staff console's Testers pages to show and lift (decision 053). */
export const demoSuspendedTester = {
  username: 'demosuspended1',
  password: 'Demo#Pass3',
  email: 'demo.suspended@testerhub.example',
  firstName: 'Sam',
  lastName: 'Noshow',
  zipCode: '60606',
  address: '200 W Monroe St',
  city: 'Chicago',
  state: 'IL',
  sex: 'M',
  phone: '3125550133',
  raceId: 'O',
  adId: '1R',
  birthDate: '1987-09-02',
  siteId: '00001',
  mustChangeCredentials: false,
  coins: 120,
  exp: 40,
  level: 1,
};
