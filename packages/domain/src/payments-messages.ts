// payments's user-facing messages, apart from the schemas so screens that only show
// them do not load the schemas too.
/** Card wording follows Stripe's, so both providers speak the same way to the buyer. */
export const paymentMessages = {
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  wrongPayment: 'This payment does not belong to this offer. Start the payment again.',
  paid: 'Payment successful.',
  receiptNotFound: 'This receipt does not exist.',
  noReceipts: 'You have not paid for any property yet.',
  noSales: 'You have not sold any properties yet!',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  startingAlready: 'This payment is being started already. Please try again.',
  providerRefused: 'The payment provider refused to start this payment.',
  /** With the provider's own reason, in its words. */
  providerRefusedBecause: 'The payment provider refused to start this payment. {reason}',
  nothingHeld: 'No payment of this offer is waiting for a decision.',
  methodNotEnabled: 'This payment method is not available. Choose another one.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  notRefundable: 'Only a paid offer can be refunded.',
  alreadyRefunded: 'This payment has already been refunded.',
  refundRefused: 'The payment provider refused this refund. Nothing was changed.',
  /** With the provider's own reason, in its words. */
  refundRefusedBecause: 'The payment provider refused this refund: {reason} Nothing was changed.',
} as const;
