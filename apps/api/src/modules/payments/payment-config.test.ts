import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_basha',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_basha',
  STRIPE_WEBHOOK_SECRET: 'whsec_basha',
};

describe('payment configuration', () => {
  it('defaults to the sandbox, which needs nothing else', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).payments).toEqual({ provider: 'sandbox' });
  });

  it('selects Stripe with its three keys, and an optional API address for tests', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys }).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_basha',
      publishableKey: 'pk_test_basha',
      webhookSecret: 'whsec_basha',
      apiBase: undefined,
    });
    const local = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      ...stripeKeys,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    }).payments;
    expect(local).toMatchObject({ apiBase: new URL('http://127.0.0.1:12111') });
  });

  it.each(Object.keys(stripeKeys))('refuses to boot with Stripe but no %s, naming it', (name) => {
    const env: Record<string, string> = { PAYMENT_PROVIDER: 'stripe', ...stripeKeys };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: is required when PAYMENT_PROVIDER=stripe`),
    );
  });

  it('names every missing key at once, and an empty value counts as missing', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: '' })).toThrow(
      /STRIPE_SECRET_KEY: .*\n {2}STRIPE_PUBLISHABLE_KEY: .*\n {2}STRIPE_WEBHOOK_SECRET: /,
    );
  });

  it('refuses an unknown provider and keys of the wrong kind, without echoing them', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      /PAYMENT_PROVIDER: expected sandbox or stripe/,
    );
    const swapped = {
      PAYMENT_PROVIDER: 'stripe',
      ...stripeKeys,
      STRIPE_SECRET_KEY: 'pk_live_oops_secret_value',
    };
    expect(() => loadConfig(swapped)).toThrow(/STRIPE_SECRET_KEY: expected a Stripe secret key/);
    expect(() => loadConfig(swapped)).not.toThrow(/oops_secret_value/);
  });
});
