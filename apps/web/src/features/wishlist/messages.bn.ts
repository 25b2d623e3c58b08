import type { Translation } from '../../lib/i18n/define-messages.ts';
import type { wishlistMessages } from './messages.ts';

export const wishlistMessagesBangla: Translation<typeof wishlistMessages> = {
  'wishlist.title': 'আমার উইশলিস্ট',
  'wishlist.empty': 'আপনি এখনও কোনো প্রপার্টি উইশলিস্টে রাখেননি',
  'wishlist.browse': 'সকল প্রপার্টি দেখুন',
  'wishlist.delete': 'মুছুন',
  'wishlist.deleteNamed': '"{title}" উইশলিস্ট থেকে মুছুন',
  'wishlist.makeOffer': 'অফার দিন',
  'wishlist.makeOfferNamed': '"{title}"-এর জন্য অফার দিন',
  'wishlist.confirmTitle': 'আপনি কি নিশ্চিত?',
  'wishlist.confirmText': 'আপনি কি এই প্রপার্টিটি উইশলিস্ট থেকে সরাতে চান!',
  'wishlist.confirmButton': 'হ্যাঁ, মুছে ফেলুন!',
  'wishlist.deletedTitle': 'মুছে ফেলা হয়েছে!',
  'wishlist.deletedText': '"{title}" আপনার উইশলিস্ট থেকে সরানো হয়েছে।',
  'wishlist.add': 'উইশলিস্টে যোগ করুন',
  'wishlist.added': 'প্রপার্টিটি উইশলিস্টে যোগ হয়েছে',
  'wishlist.onWishlist': 'এই প্রপার্টিটি আপনার উইশলিস্টে আছে।',
  'wishlist.viewWishlist': 'উইশলিস্ট দেখুন',
  'wishlist.usersOnly': 'শুধু ইউজার অ্যাকাউন্টই উইশলিস্ট রাখতে পারে।',
};
