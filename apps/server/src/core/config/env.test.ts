import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  test('defaults give a working local set-up', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
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
});
