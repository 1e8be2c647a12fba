import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverOptions } from '../../server/app';
import { ConfigError, cspSourceOf, imageDecodeConcurrencyDefault, loadConfig } from '../../server/config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('configuration from the environment', () => {
  it('has a default for every variable that works on a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      smtpUrl: undefined,
      storage: undefined,
      tileUrl: undefined,
      telemetryUrl: undefined,
      captcha: 'altcha',
      oidc: undefined,
      logLevel: 'info',
      partnerHosts: [],
      trustProxy: false,
    });
  });

  it('treats an empty string as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', TELEMETRY_URL: ' ', CAPTCHA: '', PARTNER_HOSTS: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.telemetryUrl).toBeUndefined();
    expect(config.captcha).toBe('altcha');
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/rexer',
      DATABASE_URL: 'postgresql://rexer:secret@db:5432/rexer',
      SMTP_URL: 'smtp://mail:25',
      STORAGE_URL: 's3://rexer-files/uploads?endpoint=http://minio:9000&region=eu-south-1',
      TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      TELEMETRY_URL: 'https://telemetry.example.org/v2/track',
      RECAPTCHA_SECRET: 's3cret',
      LOG_LEVEL: 'warn',
      PARTNER_HOSTS: 'Partner.example.org, casa.example.com',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'rexer',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/rexer',
      databaseUrl: 'postgresql://rexer:secret@db:5432/rexer',
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: 'smtp://mail:25',
      storage: {
        bucket: 'rexer-files',
        prefix: 'uploads/',
        endpoint: 'http://minio:9000',
        region: 'eu-south-1',
        forcePathStyle: true,
      },
      captcha: 'recaptcha',
      logLevel: 'warn',
      partnerHosts: ['partner.example.org', 'casa.example.com'],
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      oidc: { issuer: 'https://id.example.org', clientId: 'rexer' },
      oidcEnv: { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'rexer' },
    });
    expect(loadConfig({ CAPTCHA: 'off', RECAPTCHA_SECRET: 'x' }).captcha).toBe('off');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ PUBLIC_URL: 'https://www.rexer.it/' }).publicUrl).toBe('https://www.rexer.it');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['DATABASE_URL', 'mysql://localhost/rexer'],
    ['DATABASE_URL', 'localhost:5432'],
    ['PUBLIC_URL', 'www.rexer.it'],
    ['SMTP_URL', 'http://mail'],
    ['STORAGE_URL', 'https://rexer-files.s3.amazonaws.com'],
    ['STORAGE_URL', 's3://rexer-files?endpoint=minio:9000'],
    ['TILE_URL', 'tiles/{z}/{x}/{y}.png'],
    ['TELEMETRY_URL', 'not a url'],
    ['CAPTCHA', 'hcaptcha'],
    ['LOG_LEVEL', 'loud'],
    ['PARTNER_HOSTS', 'good.example.org, bad host'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', 'true'],
    ['SESSION_MAX_AGE_DAYS', '0'],
    ['DEMO_DATA', 'yes'],
    ['PWNED_PASSWORDS_URL', 'ftp://pwned.example.org'],
    ['RATE_LIMIT_MAX', '-1'],
    ['UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE', '20'],
    ['UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE', '-1'],
    ['UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE', 'molti'],
    ['UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE', '300'],
    ['UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE', '0'],
    ['IMAGE_DECODE_CONCURRENCY', '0'],
    ['IMAGE_DECODE_CONCURRENCY', '3'],
    ['UV_THREADPOOL_SIZE', '0'],
    ['IMAGE_WORK_PER_ACCOUNT', '0'],
    ['IMAGE_WORK_PER_ACCOUNT', '1.5'],
    ['IMAGE_WORK_PER_ADDRESS', '1'],
    ['IMAGE_WORK_PER_ADDRESS', 'tanti'],
    ['IMAGE_WORK_QUEUE_MAX', '0'],
    ['IMAGE_WORK_QUEUE_MAX', '2.5'],
  ])('refuses %s=%j with a message naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0].startsWith(`${name} `)).toBe(true);
    expect(error.message).toContain(name);
  });

  it('bounds the time to send a request (Fastify would wait for ever on a body sent a byte at a time)', () => {
    expect(serverOptions(loadConfig({})).requestTimeout).toBe(120_000);
    expect(serverOptions(loadConfig({ REQUEST_TIMEOUT_S: '30' })).requestTimeout).toBe(30_000);
    expect(configError({ REQUEST_TIMEOUT_S: '0' }).message).toContain('REQUEST_TIMEOUT_S');
  });

  it('refuses CAPTCHA=recaptcha without RECAPTCHA_SECRET', () => {
    expect(configError({ CAPTCHA: 'recaptcha' }).issues[0]).toMatch(/^RECAPTCHA_SECRET /);
  });

  it('lists every bad variable at once, and never echoes a URL (it may hold a password)', () => {
    const error = configError({ PORT: 'x', LOG_LEVEL: 'y', DATABASE_URL: 'mysql://user:pw@host/db' });
    expect(error.issues.map((issue) => issue.split(' ')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
    expect(error.message).not.toContain('pw@host');
  });

  it('derives CSP sources from URL templates', () => {
    expect(cspSourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(cspSourceOf('https://tiles.example.org:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.org:8443');
    expect(cspSourceOf(undefined)).toBeUndefined();
  });

  it('stops the server with the variable named when a value is bad', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '', TEST_POSTGRES_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT');
  });

  it('refuses TRUST_PROXY=true, which would trust an X-Forwarded-For written by any client', () => {
    const error = configError({ TRUST_PROXY: 'true' });
    expect(error.issues[0]).toMatch(/^TRUST_PROXY .*X-Forwarded-For/);
  });

  it('seeds the demo market only for the embedded database on a loopback host, unless DEMO_DATA says otherwise', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/rexer' }).demoData).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).demoData).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://www.rexer.it' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/rexer', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('keeps a login 90 days at most by default', () => {
    expect(loadConfig({}).sessionMaxAgeMs).toBe(90 * 24 * 60 * 60 * 1000);
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '7' }).sessionMaxAgeMs).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('gives an account 240 megapixels of images a minute, an unconfirmed one 120, and one image job at a time on 2 cores', () => {
    const config = loadConfig({});
    expect(config.uploadPixelBudget).toBe(240_000_000);
    expect(config.uploadPixelBudgetUnconfirmed).toBe(120_000_000);
    expect(config.imageDecodeConcurrency).toBe(imageDecodeConcurrencyDefault(4));
    expect(imageDecodeConcurrencyDefault(4, 2)).toBe(1);
    expect(imageDecodeConcurrencyDefault(4, 8)).toBe(2);
    expect(imageDecodeConcurrencyDefault(3, 8)).toBe(1);
    expect(
      loadConfig({ UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE: '0', UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE: '0' }),
    ).toMatchObject({ uploadPixelBudget: 0, uploadPixelBudgetUnconfirmed: 0 });
    expect(
      loadConfig({ UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE: '50', UPLOAD_PIXEL_BUDGET_UNCONFIRMED_MP_PER_MINUTE: '50' })
        .uploadPixelBudgetUnconfirmed,
    ).toBe(50_000_000);
    // More image jobs need a larger libuv pool: two of its threads stay for file reads.
    expect(loadConfig({ UV_THREADPOOL_SIZE: '8', IMAGE_DECODE_CONCURRENCY: '6' }).imageDecodeConcurrency).toBe(6);
    expect(configError({ UV_THREADPOOL_SIZE: '8', IMAGE_DECODE_CONCURRENCY: '7' }).issues[0]).toMatch(
      /^IMAGE_DECODE_CONCURRENCY .*at most 6 with UV_THREADPOOL_SIZE=8/,
    );
  });

  it('lets an account have 2 images in the line of image work, an address 4, and 24 wait, each settable', () => {
    expect(loadConfig({})).toMatchObject({ imageWorkPerAccount: 2, imageWorkPerAddress: 4, imageWorkQueueMax: 24 });
    expect(
      loadConfig({ IMAGE_WORK_PER_ACCOUNT: '3', IMAGE_WORK_PER_ADDRESS: '12', IMAGE_WORK_QUEUE_MAX: '100' }),
    ).toMatchObject({ imageWorkPerAccount: 3, imageWorkPerAddress: 12, imageWorkQueueMax: 100 });
    // An address holds at least one account: its share is never smaller than an account's.
    expect(configError({ IMAGE_WORK_PER_ACCOUNT: '5', IMAGE_WORK_PER_ADDRESS: '4' }).issues[0]).toMatch(
      /^IMAGE_WORK_PER_ADDRESS .*at least IMAGE_WORK_PER_ACCOUNT \(5\)/,
    );
  });
});
