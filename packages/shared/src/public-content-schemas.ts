import { z } from 'zod';
import { text } from './text.ts';
import {
  MAP_CODES,
  type Faq,
  type ReferralEvent,
  type Testimonial,
  type TestSite,
  type ThemeStyle,
  type Winner,
} from './public-content.ts';

/** Answer schemas of the public calls: the server validates and documents its answers with them. */

export const faqSchema = z.object({
  type: z.number().int().min(1).max(4),
  question: z.string(),
  answer: z.string().meta({ description: 'HTML; sanitised before it is rendered' }),
}) satisfies z.ZodType<Faq>;

export const winnerSchema = z.object({
  winnerTypeDesc: z.string(),
  year: z.number().int(),
  winnerTime: z.string().meta({ description: 'Period label, such as a month or a quarter' }),
  winner: z.string(),
  periodStart: z.string().meta({ description: 'First day of the period (YYYY-MM-DD), for ordering' }),
}) satisfies z.ZodType<Winner>;

export const referralEventSchema = z.object({
  referralComment: z.string().nullable(),
}) satisfies z.ZodType<ReferralEvent>;

export const themeNameSchema = text('Theme name contains characters that are not allowed.')
  .min(1, 'Theme name is required.')
  .max(64, 'Theme name is at most 64 characters.')
  .regex(/^[A-Za-z0-9]+$/, 'Theme name holds letters and digits only.');

export const themeStyleSchema = z.object({
  styleFile: z.string().meta({ description: 'Comma-separated list of colours' }),
}) satisfies z.ZodType<ThemeStyle>;

export const testimonialSchema = z.object({
  name: z.string(),
  city: z.string(),
  quote: z.string(),
}) satisfies z.ZodType<Testimonial>;

export const testSiteSchema = z.object({
  mapCode: z.enum(MAP_CODES).nullable(),
  siteId: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  fax: z.string(),
  tollFree: z.string(),
  timeZone: z.string(),
  airportDirections: z.array(z.object({ airport: z.string(), directions: z.string() })),
}) satisfies z.ZodType<TestSite>;
