import { ENV_VARIABLES, EnvError, parseEnv, SECRET_VARIABLES } from './env-schema';

describe('the environment schema', () => {
  test('nothing set: every default', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      ACCESS_LOG: true,
      SERVER_RENDER: true,
      JOB_LEASE_MS: 300_000,
      INSTALMENT_RESUME_MS: 120_000,
      TRANSFER_JOBS_MS: 60_000,
      MAIL_DELIVERY_INTERVAL_MS: 5000,
      HCAPTCHA_VERIFY_URL: 'https://api.hcaptcha.com/siteverify',
      TRUST_PROXY: { kind: 'none' },
      TRUELAYER_WEBHOOK_JKUS: [],
      FAILPOINTS: [],
      REFUND_PROTECTION_PERCENT: 500,
      SQUARE_ENVIRONMENT: 'sandbox',
    });
  });

  test.each([
    // numbers
    ['PORT', '3000', 3000],
    ['PORT', ' 3000 ', 3000],
    ['PORT', '', 8080],
    ['CAPTCHA_RESERVE_LIMIT', '0', 0],
    ['DB_STATEMENT_TIMEOUT_MS', '0', 0],
    ['PG_POOL_SIZE', undefined, undefined],
    ['PG_POOL_SIZE', '8', 8],
    // durations (whole milliseconds or seconds)
    ['JOB_LEASE_MS', '1000', 1000],
    ['HOLD_SECONDS', '60', 60],
    // booleans
    ['DEV_PAGES', '1', true],
    ['DEV_PAGES', 'TRUE', true],
    ['DEV_PAGES', '0', false],
    ['DEV_PAGES', 'false', false],
    ['DEV_PAGES', ' ', undefined],
    ['SERVER_RENDER', '0', false],
    // URLs
    ['PUBLIC_URL', 'https://tickets.example.com/', 'https://tickets.example.com'],
    ['ADDRESS_LOOKUP_URL', 'http://127.0.0.1:9/', 'http://127.0.0.1:9'],
    // lists
    [
      'TRUELAYER_WEBHOOK_JKUS',
      ' https://a.example/jwks , ,https://b.example/jwks',
      ['https://a.example/jwks', 'https://b.example/jwks'],
    ],
    ['FAILPOINTS', 'card.after-charge', ['card.after-charge']],
    ['TRUST_PROXY', '10.0.0.0/8, 127.0.0.1', { kind: 'addresses', addresses: ['10.0.0.0/8', '127.0.0.1'] }],
    ['TRUST_PROXY', '2', { kind: 'hops', hops: 2 }],
    // text and its own syntaxes
    ['SMTP_URL', '  smtp://mail:1025  ', 'smtp://mail:1025'],
    ['REFUND_PROTECTION_PERCENT', '7.5', 750],
    ['SQUARE_ENVIRONMENT', 'production', 'production'],
  ] as const)('%s=%j: %j', (name, raw, value) => {
    expect(parseEnv({ [name]: raw })[name]).toEqual(value);
  });

  test.each([
    ['PORT', 'eighty', "PORT must be a whole number from 1 to 65535, got 'eighty'"],
    ['HOLD_SECONDS', '0', "HOLD_SECONDS must be a positive whole number, got '0'"],
    ['HOLD_SECONDS', '1.5', "HOLD_SECONDS must be a positive whole number, got '1.5'"],
    ['SEED_ONSALE_CAPACITY', '-1', "SEED_ONSALE_CAPACITY must be a whole number, got '-1'"],
    ['JOB_LEASE_MS', '500', "JOB_LEASE_MS must be a whole number of at least 1000, got '500'"],
    ['TRANSFER_JOBS_MS', 'soon', "TRANSFER_JOBS_MS must be a whole number of at least 100, got 'soon'"],
    ['MAIL_DELIVERY_INTERVAL_MS', '5s', "MAIL_DELIVERY_INTERVAL_MS must be a positive whole number, got '5s'"],
    [
      'DB_STATEMENT_TIMEOUT_MS',
      'soon',
      "DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0: no limit), got 'soon'",
    ],
    ['SEED_DEMO', 'yes', "SEED_DEMO must be 1 or 0, got 'yes'"],
    ['SERVER_RENDER', 'off', "SERVER_RENDER must be 1 or 0, got 'off'"],
    ['PUBLIC_URL', 'tickets.example.com', "PUBLIC_URL must be an http(s) URL, got 'tickets.example.com'"],
    ['STRIPE_API_BASE', 'ftp://x', "STRIPE_API_BASE must be an http(s) URL, got 'ftp://x'"],
    ['SQUARE_ENVIRONMENT', 'live', "SQUARE_ENVIRONMENT must be sandbox or production, got 'live'"],
    ['REFUND_PROTECTION_PERCENT', '5%', "REFUND_PROTECTION_PERCENT must be a percentage such as 5 or 7.5, got '5%'"],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent'],
    ['TRUST_PROXY', '*', 'TRUST_PROXY=* would believe any X-Forwarded-For'],
  ])('%s=%j is refused, naming the variable', (name, raw, message) => {
    expect(() => parseEnv({ [name]: raw })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: raw })).toThrow(message);
  });

  test('every bad value is named, not only the first', () => {
    expect(() => parseEnv({ PORT: 'x', SEED_DEMO: 'yes' })).toThrow(/^PORT .+; SEED_DEMO must be 1 or 0/);
  });

  test("variables that are not the api's are ignored", () => {
    expect(parseEnv({ PATH: '/usr/bin', TF_CLI_CONFIG_FILE: '/x' })).not.toHaveProperty('PATH');
  });

  test('every variable has a description of its own; the secrets are the ones marked', () => {
    for (const [name, variable] of Object.entries(ENV_VARIABLES)) {
      expect({ name, ok: variable.description.length > 10 && /[.)]$/.test(variable.description) }).toEqual({
        name,
        ok: true,
      });
    }
    expect(SECRET_VARIABLES).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'PGPASSWORD',
        'SESSION_SECRET',
        'STRIPE_SECRET_KEY',
        'TRUELAYER_SIGNING_PRIVATE_KEY',
      ]),
    );
    expect(SECRET_VARIABLES).not.toContain('STRIPE_PUBLISHABLE_KEY');
  });
});
