import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_basha',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_basha',
  STRIPE_WEBHOOK_SECRET: 'whsec_basha',
};

describe('payment configuration', () => {
  it('defaults to the sandbox, which needs nothing else', () => {
    expect(loadConfig({}).payments).toEqual({ rails: [{ provider: 'sandbox' }] });
    expect(loadConfig({ PAYMENT_PROVIDERS: 'sandbox' }).payments).toEqual({
      rails: [{ provider: 'sandbox' }],
    });
  });

  it('selects Stripe with its three keys, and an optional API address for tests', () => {
    expect(loadConfig({ PAYMENT_PROVIDERS: 'stripe', ...stripeKeys }).payments).toEqual({
      rails: [
        {
          provider: 'stripe',
          secretKey: 'sk_test_basha',
          publishableKey: 'pk_test_basha',
          webhookSecret: 'whsec_basha',
          apiBase: undefined,
        },
      ],
    });
    const local = loadConfig({
      PAYMENT_PROVIDERS: 'stripe',
      ...stripeKeys,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    }).payments;
    expect(local.rails[0]).toMatchObject({ apiBase: new URL('http://127.0.0.1:12111') });
  });

  it('enables several rails at once, in the order listed, each named once', () => {
    const { rails } = loadConfig({
      PAYMENT_PROVIDERS: ' stripe, sandbox,stripe',
      ...stripeKeys,
    }).payments;
    expect(rails.map((rail) => rail.provider)).toEqual(['stripe', 'sandbox']);
  });

  it('refuses the old PAYMENT_PROVIDER setting at boot, naming its replacement', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: was replaced by PAYMENT_PROVIDERS/,
    );
  });

  it.each(Object.keys(stripeKeys))('refuses to boot with Stripe but no %s, naming it', (name) => {
    const env: Record<string, string> = { PAYMENT_PROVIDERS: 'sandbox,stripe', ...stripeKeys };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      new RegExp(
        `^Invalid configuration:\\n  ${name}: is required when PAYMENT_PROVIDERS includes stripe`,
      ),
    );
  });

  it('names every missing key at once, and an empty value counts as missing', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'stripe', STRIPE_SECRET_KEY: '' })).toThrow(
      /STRIPE_SECRET_KEY: .*\n {2}STRIPE_PUBLISHABLE_KEY: .*\n {2}STRIPE_WEBHOOK_SECRET: /,
    );
  });

  it('refuses an unknown provider and keys of the wrong kind, without echoing them', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'sandbox,paypal' })).toThrow(
      /PAYMENT_PROVIDERS: expected a comma list of sandbox, stripe, sslcommerz, bkash/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'sandbox,paypal' })).not.toThrow(/paypal/);
    const swapped = {
      PAYMENT_PROVIDERS: 'stripe',
      ...stripeKeys,
      STRIPE_SECRET_KEY: 'pk_live_oops_secret_value',
    };
    expect(() => loadConfig(swapped)).toThrow(/STRIPE_SECRET_KEY: expected a Stripe secret key/);
    expect(() => loadConfig(swapped)).not.toThrow(/oops_secret_value/);
  });

  it('enables SSLCommerz with its store settings: the sandbox gateway unless SSLCOMMERZ_LIVE', () => {
    const store = { SSLCOMMERZ_STORE_ID: 'basha01', SSLCOMMERZ_STORE_PASSWORD: 'basha01@ssl' };
    const sandbox = loadConfig({
      PAYMENT_PROVIDERS: 'sslcommerz',
      PUBLIC_URL: 'https://basha.example',
      ...store,
    });
    expect(sandbox.payments.rails).toEqual([
      {
        provider: 'sslcommerz',
        storeId: 'basha01',
        storePassword: 'basha01@ssl',
        apiBase: new URL('https://sandbox.sslcommerz.com'),
        callbackBase: 'https://basha.example',
      },
    ]);
    const live = loadConfig({ PAYMENT_PROVIDERS: 'sslcommerz', SSLCOMMERZ_LIVE: 'true', ...store });
    expect(live.payments.rails[0]).toMatchObject({
      apiBase: new URL('https://securepay.sslcommerz.com'),
    });
  });

  it.each(['SSLCOMMERZ_STORE_ID', 'SSLCOMMERZ_STORE_PASSWORD'])(
    'refuses to boot with SSLCommerz but no %s, naming it',
    (name) => {
      const env: Record<string, string> = {
        PAYMENT_PROVIDERS: 'sandbox,sslcommerz',
        SSLCOMMERZ_STORE_ID: 'basha01',
        SSLCOMMERZ_STORE_PASSWORD: 'basha01@ssl',
      };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`${name}: is required when PAYMENT_PROVIDERS includes sslcommerz`),
      );
    },
  );

  it.each(['BKASH_APP_KEY', 'BKASH_APP_SECRET', 'BKASH_USERNAME', 'BKASH_PASSWORD'])(
    'refuses to boot with bKash but no %s, naming it',
    (name) => {
      const env: Record<string, string> = {
        PAYMENT_PROVIDERS: 'bkash',
        BKASH_APP_KEY: 'k',
        BKASH_APP_SECRET: 's',
        BKASH_USERNAME: 'u',
        BKASH_PASSWORD: 'p',
      };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`${name}: is required when PAYMENT_PROVIDERS includes bkash`),
      );
    },
  );

  it('enables bKash on its sandbox unless BKASH_LIVE', () => {
    const env = {
      PAYMENT_PROVIDERS: 'bkash',
      BKASH_APP_KEY: 'k',
      BKASH_APP_SECRET: 's',
      BKASH_USERNAME: 'u',
      BKASH_PASSWORD: 'p',
    };
    expect(loadConfig(env).payments.rails[0]).toMatchObject({
      apiBase: new URL('https://tokenized.sandbox.bka.sh/v1.2.0-beta/'),
    });
    expect(loadConfig({ ...env, BKASH_LIVE: 'true' }).payments.rails[0]).toMatchObject({
      apiBase: new URL('https://tokenized.pay.bka.sh/v1.2.0-beta/'),
    });
  });
});
