import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@testerhub/shared/api-errors';
import { MAP_CODES } from '@testerhub/shared/public-content';
import { faqSchema, referralEventSchema, testimonialSchema, testSiteSchema, winnerSchema } from '@testerhub/shared/public-content-schemas';
import { useTestApp } from '../../../test/test-app.ts';
import { referralEvents } from '../../core/db/schema.ts';
import { demoReferralComments, demoThemeStyles } from '../../core/db/seed-data.ts';
import { createFakeClock } from '../../core/clock.ts';
import { createPublicContentService } from './public-content-service.ts';
import { publicContentRoutes } from './public-content-routes.ts';

/** Clocks for the referral month tests, each mounted as its own copy of the routes under /api/clock/<name>. */
const CLOCKS = {
  seedMonth: '2026-11-20T10:00:00Z',
  monthWithOwnOffer: '2026-12-02T10:00:00Z',
  monthsLater: '2027-03-01T00:30:00Z',
  beforeAnyOffer: '2026-10-31T23:00:00Z',
  // 21:00 on 30 November in Chicago, the company's time zone: still November there.
  novemberEveningInChicago: '2026-12-01T03:00:00Z',
} as const;

const testApp = useTestApp({
  extraApiRoutes: (api, database) => {
    for (const [name, iso] of Object.entries(CLOCKS)) {
      void api.register(publicContentRoutes, {
        prefix: `/clock/${name}`,
        service: createPublicContentService(database.db, { cacheSeconds: 0, clock: createFakeClock(iso), timeZone: 'America/Chicago' }),
      });
    }
  },
});

function post(url: string, payload: string | Buffer, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
}

function get(url: string) {
  return testApp.app.inject({ method: 'GET', url });
}

describe('POST /api/themeStyle/GetStyles', () => {
  const navDivColours = demoThemeStyles.find((theme) => theme.name === 'navDivTheme2')!.colors;

  it('answers the named theme as a comma-separated colour list in styleFile', async () => {
    const response = await post('/api/themeStyle/GetStyles', JSON.stringify('navDivTheme2'));
    expect(response.statusCode).toBe(200);
    const body = z.object({ styleFile: z.string() }).strict().parse(response.json());
    const colours = body.styleFile.split(',');
    expect(colours.length).toBeGreaterThan(1);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(colours).toEqual(navDivColours);
  });

  it('matches the path without regard to case', async () => {
    const response = await post('/api/THEMESTYLE/getstyles', JSON.stringify('navDivTheme2'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ styleFile: navDivColours.join(',') });
  });

  it('answers a different list for a different theme', async () => {
    const response = await post('/api/themeStyle/GetStyles', JSON.stringify('loginTheme2'));
    expect(response.statusCode).toBe(200);
    expect(response.json().styleFile).not.toBe(navDivColours.join(','));
  });

  describe('bad requests get a clear JSON answer and the server keeps serving', () => {
    afterEach(async () => {
      const health = await get('/api/health');
      expect(health.statusCode).toBe(200);
      const styles = await post('/api/themeStyle/GetStyles', JSON.stringify('navDivTheme2'));
      expect(styles.statusCode).toBe(200);
    });

    it('unknown theme: 404 naming it', async () => {
      const response = await post('/api/themeStyle/GetStyles', JSON.stringify('noSuchTheme'));
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = apiErrorSchema.parse(response.json());
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(body.message).toContain('noSuchTheme');
    });

    it('a JSON object instead of a string: 400 naming the body', async () => {
      const response = await post('/api/themeStyle/GetStyles', JSON.stringify({ theme: 'navDivTheme2' }));
      expect(response.statusCode).toBe(400);
      const body = apiErrorSchema.parse(response.json());
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'body' });
      expect(body.message.length).toBeGreaterThan(0);
    });

    it('a theme name with characters other than letters and digits: 400 with the schema message', async () => {
      const response = await post('/api/themeStyle/GetStyles', JSON.stringify('../navDivTheme2'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'body', message: 'Theme name holds letters and digits only.' });
    });

    it('malformed JSON: 400 naming the body', async () => {
      const response = await post('/api/themeStyle/GetStyles', '{"theme": ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        field: 'body',
        message: 'The request body is not valid JSON.',
      });
    });

    it('an empty JSON body: 400 naming the body', async () => {
      const response = await post('/api/themeStyle/GetStyles', '');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'body' });
    });

    it('a body over 100 KB: 413 JSON', async () => {
      const response = await post('/api/themeStyle/GetStyles', JSON.stringify('a'.repeat(101 * 1024)));
      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });

    it('a body just under the limit is read (and refused only for what it says)', async () => {
      const response = await post('/api/themeStyle/GetStyles', JSON.stringify('a'.repeat(99 * 1024)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'body' });
    });
  });
});

describe('GET /api/reward/GetWinners', () => {
  it('answers the seeded winners with the fields the page reads', async () => {
    const response = await get('/api/reward/GetWinners');
    expect(response.statusCode).toBe(200);
    const winners = z.array(winnerSchema).parse(response.json());
    for (const entry of winners) {
      expect(entry.winnerTypeDesc).not.toBe('');
      expect(entry.winnerTime).not.toBe('');
      expect(entry.winner).not.toBe('');
      expect(entry.year).toBe(Number(entry.periodStart.slice(0, 4)));
    }
    const types = new Set(winners.map((entry) => entry.winnerTypeDesc));
    expect(types).toContain('NewTester');
    expect(types).toContain('Online25');
    expect(types).toContain('Facebook');
  });

  it("holds the seed of 2026-11-15: quarterly new-tester winners, three months of online winners, last year's social winners", async () => {
    const winners = z.array(winnerSchema).parse((await get('/api/reward/GetWinners')).json());
    const of = (type: string) => winners.filter((entry) => entry.winnerTypeDesc === type);

    expect(
      of('NewTester')
        .map((entry) => `${entry.year} ${entry.winnerTime}`)
        .sort(),
    ).toEqual(['2025 Q1', '2025 Q2', '2025 Q3', '2025 Q4', '2026 Q1', '2026 Q2', '2026 Q3'].sort());
    const online25PerMonth = new Map<string, number>();
    for (const entry of of('Online25')) online25PerMonth.set(entry.winnerTime, (online25PerMonth.get(entry.winnerTime) ?? 0) + 1);
    expect(Object.fromEntries(online25PerMonth)).toEqual({ October: 5, September: 5, August: 5 });
    expect(of('Online100')).toHaveLength(3);
    expect(of('Facebook').every((entry) => entry.year === 2025)).toBe(true);
  });

  it('lists the newest period first', async () => {
    const winners = z.array(winnerSchema).parse((await get('/api/reward/GetWinners')).json());
    const periods = winners.map((entry) => entry.periodStart);
    expect(periods).toEqual([...periods].sort().reverse());
  });
});

describe('GET /api/reward/GetFaqs', () => {
  it('answers type, question and answer for every entry, in all four groups', async () => {
    const response = await get('/api/reward/GetFaqs');
    expect(response.statusCode).toBe(200);
    const faqs = z.array(faqSchema.strict()).parse(response.json());
    expect(faqs.length).toBeGreaterThan(0);
    for (const faq of faqs) {
      expect([1, 2, 3, 4]).toContain(faq.type);
      expect(faq.question.trim()).not.toBe('');
      expect(faq.answer.trim()).not.toBe('');
    }
    expect(new Set(faqs.map((faq) => faq.type))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('orders the entries by group', async () => {
    const types = (await get('/api/reward/GetFaqs')).json().map((faq: { type: number }) => faq.type);
    expect(types).toEqual([...types].sort((a: number, b: number) => a - b));
  });
});

describe('GET /api/callout/GetReferralEvent', () => {
  it("answers the seeded month's comments, the empty one included (the page filters)", async () => {
    // The seed month is November 2026; with today's clock at or after it, the latest offer is the seeded one.
    const response = await get('/api/callout/GetReferralEvent');
    expect(response.statusCode).toBe(200);
    const events = z.array(referralEventSchema.strict()).parse(response.json());
    expect(events.map((event) => event.referralComment)).toEqual(demoReferralComments);
    expect(events.some((event) => event.referralComment === '')).toBe(true);
  });

  it("in the seeded month: that month's comments", async () => {
    const response = await get('/api/clock/seedMonth/callout/GetReferralEvent');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((event: { referralComment: string }) => event.referralComment)).toEqual(demoReferralComments);
  });

  it('before any offer exists: an empty list', async () => {
    const response = await get('/api/clock/beforeAnyOffer/callout/GetReferralEvent');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  describe('with an offer of its own for December 2026', () => {
    beforeAll(async () => {
      await testApp.database.db.insert(referralEvents).values([
        { month: '2026-12-01', referralComment: 'December: double referral reward.', sortOrder: 0 },
        { month: '2026-12-01', referralComment: null, sortOrder: 1 },
      ]);
    });

    it("December shows December's offer only", async () => {
      const response = await get('/api/clock/monthWithOwnOffer/callout/GetReferralEvent');
      expect(response.json()).toEqual([{ referralComment: 'December: double referral reward.' }, { referralComment: null }]);
    });

    it('a later month without an offer keeps showing the latest earlier one', async () => {
      const response = await get('/api/clock/monthsLater/callout/GetReferralEvent');
      expect(response.json()).toEqual([{ referralComment: 'December: double referral reward.' }, { referralComment: null }]);
    });

    it("the company's month counts: on the evening of 30 November in Chicago (1 December in UTC) November's offer shows", async () => {
      const response = await get('/api/clock/novemberEveningInChicago/callout/GetReferralEvent');
      expect(response.json().map((event: { referralComment: string }) => event.referralComment)).toEqual(demoReferralComments);
    });

    it("November still shows November's offer, not the later one", async () => {
      const response = await get('/api/clock/seedMonth/callout/GetReferralEvent');
      expect(response.json().map((event: { referralComment: string }) => event.referralComment)).toEqual(demoReferralComments);
    });
  });
});

describe('GET /api/content/GetTestimonials', () => {
  it('answers the two testimonials', async () => {
    const response = await get('/api/content/GetTestimonials');
    expect(response.statusCode).toBe(200);
    const testimonials = z.array(testimonialSchema.strict()).parse(response.json());
    expect(testimonials).toHaveLength(2);
    for (const entry of testimonials) {
      expect(entry.name).not.toBe('');
      expect(entry.quote).not.toBe('');
    }
  });
});

describe('GET /api/content/GetTestSites', () => {
  it('answers the four test sites ch, da, ny and la with their contact details and airport directions', async () => {
    const response = await get('/api/content/GetTestSites');
    expect(response.statusCode).toBe(200);
    const sites = z.array(testSiteSchema).parse(response.json());
    expect(sites.map((site) => site.mapCode)).toEqual([...MAP_CODES]);
    // Spec 1, 2.8: Chicago, Plano, White Plains and Santa Ana.
    expect(sites.map((site) => site.city)).toEqual(['Chicago', 'Plano', 'White Plains', 'Santa Ana']);
    for (const site of sites) {
      expect(site.address).not.toBe('');
      expect(site.phone).toMatch(/\d{3}.*\d{4}/);
      expect(site.fax).toMatch(/\d{3}.*\d{4}/);
      expect(site.tollFree).toMatch(/\d{3}.*\d{4}/);
      expect(site.airportDirections.length).toBeGreaterThan(0);
      for (const direction of site.airportDirections) expect(direction.airport).not.toBe('');
    }
  });

  it('matches the path without regard to case', async () => {
    const response = await get('/API/CONTENT/gettestsites');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(4);
  });
});
