/** Helpers for the account route tests: payloads, requests, cookies and the outbox. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiErrorSchema, type ApiError } from '@testerhub/shared/api-errors';
import type { DatabaseHandle } from '../src/core/db/client.ts';
import { emailOutbox, testers } from '../src/core/db/schema.ts';

export const DEMO = {
  username: 'demotester1',
  password: 'Demo#Pass1',
  email: 'demo.tester@testerhub.example',
  firstName: 'Dana',
  lastName: 'Tester',
} as const;
export const CHANGE_ME = { username: 'changeme01', password: 'Change#Me1', email: 'change.me@testerhub.example' } as const;

/** The same browser page: the header our web app sends with the state-changing GETs. */
export const OUR_PAGE = { 'x-requested-with': 'TesterHub' } as const;

/** A date of birth `yearsBack` years before this year, as YYYY-MM-DD. */
export function birthYearsBack(yearsBack: number, month = 1, day = 1): string {
  const year = new Date().getFullYear() - yearsBack;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

let counter = 0;
/** A username that no other test of the run uses: 8 to 20 characters, no spaces. */
export function uniqueUsername(prefix = 'tester'): string {
  counter += 1;
  return `${prefix}${process.pid % 1000}x${counter}`.slice(0, 20);
}

/** A number written in letters (1 → a, 26 → z, 27 → aa): names tell test people apart with it, since a name holds no digits. */
export function nameTag(number: number): string {
  let tag = '';
  for (let rest = number; rest > 0; rest = Math.floor((rest - 1) / 26)) tag = String.fromCharCode(97 + ((rest - 1) % 26)) + tag;
  return tag;
}

/** A registration payload that passes every rule; override single fields to break one. */
export function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = typeof overrides.Username === 'string' ? overrides.Username : uniqueUsername();
  return {
    Username: username,
    EmailAddress: `${username.toLowerCase()}@mail.example.test`,
    Password: 'Secret#Pass1',
    FirstName: 'Alex',
    LastName: 'Rivera',
    ZipCode: '60614',
    Address: '2200 N Lincoln Ave',
    City: 'Chicago',
    State: 'IL',
    SexID: 'F',
    PhoneNo: '3125550199',
    RaceID: 'H',
    AdID: '1R',
    AdDetail: '',
    Birth: birthYearsBack(30, 5, 12),
    CAge: 30,
    Referral: '',
    DayIndex: 0,
    ContactBestTimeFrom: '07:00',
    ContactBestTimeTo: '17:00',
    AcceptTerms: true,
    Language: 'en',
    ...overrides,
  };
}

export interface PostOptions {
  headers?: Record<string, string>;
  cookie?: string;
  remoteAddress?: string;
}

/** POST a JSON value (or, given a string with raw: true, the text as it is). */
export function postJson(app: FastifyInstance, url: string, body: unknown, options: PostOptions & { raw?: boolean } = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: options.raw ? (body as string) : JSON.stringify(body),
    remoteAddress: options.remoteAddress,
    headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

export function getWith(app: FastifyInstance, url: string, options: PostOptions = {}) {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: options.remoteAddress,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

/** A 400 answer naming `field` (in body.field and in body.issues), optionally with the exact message for it. */
export function expectFieldError(response: LightMyRequestResponse, field: string, message?: string): ApiError {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = apiErrorSchema.parse(response.json());
  expect(body.statusCode).toBe(400);
  expect(body.field, response.body).toBe(field);
  const forField = (body.issues ?? []).filter((issue) => issue.field === field);
  expect(forField.length, `issues name ${field}: ${response.body}`).toBeGreaterThan(0);
  if (message !== undefined) expect(forField.map((issue) => issue.message)).toContain(message);
  return body;
}

/** A 400 answer that names `field` among its issues (not necessarily first), with the message if given. */
export function expectIssue(response: LightMyRequestResponse, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = apiErrorSchema.parse(response.json());
  const forField = (body.issues ?? []).filter((issue) => issue.field === field);
  expect(forField.length, `issues name ${field}: ${response.body}`).toBeGreaterThan(0);
  if (message !== undefined) expect(forField.map((issue) => issue.message)).toContain(message);
  return body;
}

/** The fields a 400 answer names. */
export function issueFields(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(400);
  return (apiErrorSchema.parse(response.json()).issues ?? []).map((issue) => issue.field);
}

/** The `name=value` pair of the session cookie a response sets, for a later Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => /th_session$/.test(candidate.name) && candidate.value);
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Every cookie a response sets (non-empty), as one Cookie header value. */
export function allCookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

export async function login(app: FastifyInstance, username: string, password: string, options: PostOptions = {}) {
  return postJson(app, '/api/account/Login', { username, password }, options);
}

/** Logs in and returns the session cookie; fails the test unless the status is succeed. */
export async function loginCookie(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await login(app, username, password);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: 'succeed' });
  return sessionCookieFrom(response);
}

export async function testerByUsername(database: DatabaseHandle, username: string) {
  const rows = await database.db
    .select()
    .from(testers)
    .where(eq(sql`lower(${testers.username})`, username.toLowerCase()));
  return rows[0] ?? null;
}

/** The newest outbox message to an address, of one kind. */
export async function latestMail(database: DatabaseHandle, toAddress: string, kind?: string) {
  const rows = await database.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, toAddress), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, toAddress))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The first absolute link in a text whose path is `pathname`. */
export function linkIn(text: string, pathname: string): URL {
  for (const [href] of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = new URL(href);
    if (url.pathname.toLowerCase() === pathname.toLowerCase()) return url;
  }
  throw new Error(`no link to ${pathname} in:\n${text}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value that is not undefined/null/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
