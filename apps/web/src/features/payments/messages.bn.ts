import type { Translation } from '../../lib/i18n/define-messages.ts';
import type { paymentsMessages } from './messages.ts';

export const paymentsMessagesBangla: Translation<typeof paymentsMessages> = {
  'payments.title': 'পেমেন্ট করুন',
  'payments.provider': 'পেমেন্ট সেবাদাতা: {name}',
  'payments.provider.sandbox': 'বাসা স্যান্ডবক্স (শুধু টেস্ট কার্ড, আসল টাকা নয়)',
  'payments.provider.stripe': 'স্ট্রাইপ',
  'payments.cardTitle': 'কার্ডের তথ্য',
  'payments.sandboxHint':
    'টেস্ট কার্ড: 4242 4242 4242 4242 সফল হয়, 4000 0000 0000 0002 প্রত্যাখ্যাত হয়। ভবিষ্যতের যেকোনো মেয়াদ এবং যেকোনো ৩টি অঙ্ক দিন।',
  'payments.cardNumber': 'কার্ড নম্বর',
  'payments.expiry': 'মেয়াদ (মাস/বছর, MM/YY)',
  'payments.cvc': 'নিরাপত্তা কোড (CVC)',
  'payments.pay': '{amount} পরিশোধ করুন',
  'payments.preparing': 'পেমেন্ট প্রস্তুত করা হচ্ছে…',
  'payments.intentFailed': 'পেমেন্ট শুরু করা যায়নি।',
  'payments.zeroAmount': 'এই অফারের জন্য পরিশোধ করার কিছু নেই।',
  'payments.stripeHint':
    'আপনার কার্ডের তথ্য একটি সুরক্ষিত ঘরে সরাসরি স্ট্রাইপের কাছে যায়; বাসা তা কখনো দেখে না বা রাখে না।',
  'payments.stripeLoading': 'স্ট্রাইপের কার্ড ফর্ম লোড হচ্ছে…',
  'payments.stripeLoadFailed':
    'স্ট্রাইপের কার্ড ফর্ম লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন। কোনো টাকা কাটা হয়নি।',
  'payments.stripeConfirming': 'স্ট্রাইপ আপনার কার্ড গ্রহণ করেছে। পেমেন্ট নিশ্চিত হওয়ার অপেক্ষা চলছে…',
  'payments.stripeSlow':
    'স্ট্রাইপ আপনার কার্ড গ্রহণ করেছে, কিন্তু পেমেন্টের নিশ্চিতকরণ এখনো আমাদের কাছে পৌঁছায়নি। আপনার কাছ থেকে দুবার টাকা কাটা হবে না: এক মিনিট পরে কেনা প্রপার্টি পাতাটি আবার খুলে রসিদ দেখুন।',
  'payments.cardFailed': 'কার্ড থেকে টাকা নেওয়া যায়নি। কোনো টাকা কাটা হয়নি; আবার চেষ্টা করুন।',
  'payments.receiptTitle': 'পেমেন্টের রসিদ',
  'payments.reference': 'লেনদেনের রেফারেন্স',
  'payments.property': 'প্রপার্টি',
  'payments.agent': 'এজেন্ট',
  'payments.amount': 'পরিশোধিত অর্থ',
  'payments.card': 'কার্ড',
  'payments.cardEnding': 'শেষ চারটি অঙ্ক {last4}',
  'payments.paidOn': 'পরিশোধের তারিখ',
  'payments.paidWith': 'যার মাধ্যমে পরিশোধ',
  'payments.noReference': 'লিপিবদ্ধ নেই',
  'payments.print': 'প্রিন্ট করুন',
  'payments.soldTitle': 'আমার বিক্রি করা প্রপার্টি',
  'payments.soldCaption': 'আপনার বিক্রি করা প্রপার্টি, নতুনগুলো আগে',
  'payments.soldTotal': 'মোট বিক্রি: {amount} · বিক্রি হওয়া প্রপার্টি: {count}টি',
  'payments.col.property': 'প্রপার্টি',
  'payments.col.buyer': 'ক্রেতা',
  'payments.col.amount': 'বিক্রয়মূল্য',
  'payments.col.date': 'তারিখ',
  'payments.col.reference': 'রেফারেন্স',
  'payments.deletedBuyer': 'মুছে ফেলা অ্যাকাউন্ট',
};
