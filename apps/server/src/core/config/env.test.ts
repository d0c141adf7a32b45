import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  test('defaults give a working local set-up', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.nodeEnv).toBe('development');
  });

  test('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/th',
      DATABASE_URL: 'postgres://u:p@db:5432/th',
      PUBLIC_URL: 'https://testers.example/',
      SMTP_URL: 'smtp://mail:25',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/th',
      databaseUrl: 'postgres://u:p@db:5432/th',
      publicUrl: 'https://testers.example',
      smtpUrl: 'smtp://mail:25',
      isProduction: true,
    });
  });

  test.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
  ])('a bad %s stops start-up with a message naming it', (variable, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });

  test('listens on loopback in development and test, on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.2' }).host).toBe('10.0.0.2');
  });

  test('TRUST_PROXY: nothing by default, a hop count, or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  test.each(['true', 'everyone', '10.0.0.300', '10.0.0.0/33', '-1', '1.5'])('TRUST_PROXY=%s stops start-up', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
  });

  test('API_DOCS: on outside production, off in production unless set', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  test('REQUEST_TIMEOUT_SECONDS: 30 by default', () => {
    expect(loadConfig({}).requestTimeoutSeconds).toBe(30);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutSeconds).toBe(5);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS:/);
  });

  test('SCHEDULE_NOTICE_HOURS: 24 by default (decision 022), a whole number of hours otherwise', () => {
    expect(loadConfig({}).scheduleNoticeHours).toBe(24);
    expect(loadConfig({ SCHEDULE_NOTICE_HOURS: '12' }).scheduleNoticeHours).toBe(12);
    expect(() => loadConfig({ SCHEDULE_NOTICE_HOURS: '-1' })).toThrow(/SCHEDULE_NOTICE_HOURS:/);
    expect(() => loadConfig({ SCHEDULE_NOTICE_HOURS: 'soon' })).toThrow(/SCHEDULE_NOTICE_HOURS:/);
  });

  test('SELF_SCHEDULE_LINK_DAYS (7) and EXTERNAL_SCHEDULE_DELAY_MINUTES (30) by default (decision 024), whole numbers otherwise', () => {
    expect(loadConfig({})).toMatchObject({ selfScheduleLinkDays: 7, externalScheduleDelayMinutes: 30 });
    expect(loadConfig({ SELF_SCHEDULE_LINK_DAYS: '14', EXTERNAL_SCHEDULE_DELAY_MINUTES: '0' })).toMatchObject({
      selfScheduleLinkDays: 14,
      externalScheduleDelayMinutes: 0,
    });
    expect(() => loadConfig({ SELF_SCHEDULE_LINK_DAYS: '0' })).toThrow(/SELF_SCHEDULE_LINK_DAYS:/);
    expect(() => loadConfig({ EXTERNAL_SCHEDULE_DELAY_MINUTES: 'half an hour' })).toThrow(/EXTERNAL_SCHEDULE_DELAY_MINUTES:/);
  });

  test('SCHEDULED_JOBS: on by default, off under NODE_ENV=test unless turned on', () => {
    expect(loadConfig({}).scheduledJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).scheduledJobs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SCHEDULED_JOBS: 'on' }).scheduledJobs).toBe(true);
    expect(loadConfig({ SCHEDULED_JOBS: 'off' }).scheduledJobs).toBe(false);
    expect(() => loadConfig({ SCHEDULED_JOBS: 'yes' })).toThrow(/SCHEDULED_JOBS:/);
  });

  test('REMINDER_HOURS: 24 and 4 by default (decision 027), largest first, empty for none', () => {
    expect(loadConfig({}).reminderHours).toEqual([24, 4]);
    expect(loadConfig({ REMINDER_HOURS: '2, 48,2' }).reminderHours).toEqual([48, 2]);
    expect(loadConfig({ REMINDER_HOURS: '' }).reminderHours).toEqual([]);
    for (const bad of ['0', '1.5', 'soon', '24,x', '400']) {
      expect(() => loadConfig({ REMINDER_HOURS: bad }), bad).toThrow(/REMINDER_HOURS:/);
    }
  });

  test('WAITLIST_OFFER_HOURS: 12 by default (decision 031), whole hours from 1 to a week', () => {
    expect(loadConfig({}).waitlistOfferHours).toBe(12);
    expect(loadConfig({ WAITLIST_OFFER_HOURS: '48' }).waitlistOfferHours).toBe(48);
    for (const bad of ['0', '1.5', 'soon', '169']) {
      expect(() => loadConfig({ WAITLIST_OFFER_HOURS: bad }), bad).toThrow(/WAITLIST_OFFER_HOURS:/);
    }
  });

  test('STUDY_LINK_SECRET: given, or left unset (made at start; main.ts keeps one in production); too short stops start-up', () => {
    expect(loadConfig({}).studyLinkSecret).toBeUndefined();
    expect(loadConfig({ STUDY_LINK_SECRET: 'y'.repeat(32) }).studyLinkSecret).toBe('y'.repeat(32));
    expect(() => loadConfig({ STUDY_LINK_SECRET: 'short' })).toThrow(/STUDY_LINK_SECRET:/);
  });

  test('DEVICE_COOKIE_SECRET: given, or left unset (main.ts then makes one); too short stops start-up', () => {
    expect(loadConfig({}).deviceCookieSecret).toBeUndefined();
    expect(loadConfig({ DEVICE_COOKIE_SECRET: 'x'.repeat(32) }).deviceCookieSecret).toBe('x'.repeat(32));
    expect(() => loadConfig({ DEVICE_COOKIE_SECRET: 'short' })).toThrow(/DEVICE_COOKIE_SECRET:/);
  });
});
