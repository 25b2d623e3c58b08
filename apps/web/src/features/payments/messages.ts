import { defineMessages } from '../../lib/i18n/define-messages.ts';

export const paymentsMessages = defineMessages({
  'payments.title': 'Make Payment',
  'payments.provider': 'Payment provider: {name}',
  'payments.provider.sandbox': 'Basha sandbox (test cards only, no real money)',
  'payments.provider.stripe': 'Stripe',
  'payments.cardTitle': 'Card details',
  'payments.sandboxHint':
    'Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry and any 3 digits.',
  'payments.cardNumber': 'Card number',
  'payments.expiry': 'Expiry (MM/YY)',
  'payments.cvc': 'Security code (CVC)',
  'payments.pay': 'Pay {amount}',
  'payments.preparing': 'Preparing the payment…',
  'payments.intentFailed': 'The payment could not be started.',
  'payments.zeroAmount': 'There is nothing to pay for this offer.',
  'payments.stripeHint':
    'Your card details go straight to Stripe in a secure field; Basha never sees or stores them.',
  'payments.stripeLoading': "Loading Stripe's card form…",
  'payments.stripeLoadFailed':
    "Stripe's card form could not be loaded. Check your connection and try again. Nothing has been charged.",
  'payments.stripeConfirming':
    'Stripe accepted your card. Waiting for the payment to be confirmed…',
  'payments.stripeSlow':
    "Stripe accepted your card, but the payment's confirmation has not reached us yet. You will not be charged twice: open Property Bought again in a minute to see the receipt.",
  'payments.cardFailed': 'The card could not be charged. Nothing has been taken; please try again.',
  'payments.receiptTitle': 'Payment Receipt',
  'payments.reference': 'Transaction reference',
  'payments.property': 'Property',
  'payments.agent': 'Agent',
  'payments.amount': 'Amount paid',
  'payments.card': 'Card',
  'payments.cardEnding': 'ending in {last4}',
  'payments.paidOn': 'Paid on',
  'payments.paidWith': 'Paid with',
  'payments.noReference': 'Not recorded',
  'payments.print': 'Print',
  'payments.soldTitle': 'My Sold Properties',
  'payments.soldCaption': 'Your sold properties, newest first',
  'payments.soldTotal': 'Total sold: {amount} · Properties sold: {count}',
  'payments.col.property': 'Property',
  'payments.col.buyer': 'Buyer',
  'payments.col.amount': 'Sold for',
  'payments.col.date': 'Date',
  'payments.col.reference': 'Reference',
  'payments.deletedBuyer': 'Deleted account',
});
