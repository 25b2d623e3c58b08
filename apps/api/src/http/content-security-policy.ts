import type { Config } from '../config.ts';
import { SCRIPTS_AFTER_PHOTO_SOURCE } from '../web/scripts-after-photo.ts';

/**
 * Stripe's documented CSP for Stripe.js and its card element: the script from js.stripe.com,
 * its iframes (3-D Secure included) from js.stripe.com and hooks.stripe.com, and the calls to
 * api.stripe.com that confirm a card. Served only when Stripe is the payment provider.
 */
const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/** The strict policy of every response: our own origin only, plus what the payment provider needs. */
export function contentSecurityPolicyDirectives(config: Config) {
  const stripe = config.payments.rails.some((rail) => rail.provider === 'stripe');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", SCRIPTS_AFTER_PHOTO_SOURCE, ...(stripe ? STRIPE_SOURCES.scriptSrc : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.connectSrc : [])],
    frameSrc: stripe ? STRIPE_SOURCES.frameSrc : ["'none'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}
