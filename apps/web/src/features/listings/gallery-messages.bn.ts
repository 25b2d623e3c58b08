import type { Translation } from '../../lib/i18n/define-messages.ts';
import type { listingGalleryMessages } from './gallery-messages.ts';

export const listingGalleryMessagesBangla: Translation<typeof listingGalleryMessages> = {
  'photos.hint':
    'একসাথে সর্বোচ্চ ১২টি ছবি বেছে নিন; প্রথমটি প্রচ্ছদ। JPEG, PNG, WebP, GIF বা AVIF, প্রতিটি সর্বোচ্চ ৫ এমবি।',
  'photos.keepHint':
    'ছবি যোগ করুন, সরান, ক্রম বদলান বা ক্যাপশন দিন; প্রথমটি প্রচ্ছদ। JPEG, PNG, WebP, GIF বা AVIF, প্রতিটি সর্বোচ্চ ৫ এমবি।',
  'photos.list': 'ছবিগুলো, ক্রেতারা যে ক্রমে দেখবেন',
  'photos.previewNew': 'বেছে নেওয়া ছবি {n}-এর প্রিভিউ',
  'photos.problem': 'ছবি {n} ({name}): {reason}',
  'photos.photoN': 'প্রপার্টির ছবি {n}',
  'photos.cover': 'প্রচ্ছদ',
  'photos.caption': 'ছবি {n}-এর ক্যাপশন (ঐচ্ছিক)',
  'photos.moveUp': 'ছবি {n} উপরে সরান',
  'photos.moveDown': 'ছবি {n} নিচে সরান',
  'photos.remove': 'ছবি {n} সরিয়ে ফেলুন',
  'photos.moved': 'ছবিটি {count}টির মধ্যে {n} নম্বরে সরানো হয়েছে।',
  'photos.removed': 'ছবিটি সরানো হয়েছে; {count}টি বাকি।',
  'photos.uploadProgress': 'ছবি {n}-এর আপলোডের অগ্রগতি',
  'photos.uploaded': 'আপলোড হয়েছে',
  'photos.dragHint': 'ক্রম বদলাতে ছবি টেনে আনুন, অথবা তীর বোতাম ব্যবহার করুন।',
  'photos.one': '১টি ছবি',
  'photos.count': '{count}টি ছবি',
  'gallery.open': 'সব {count}টি ছবি দেখুন',
  'gallery.show': 'ছবি {n} দেখান',
  'gallery.viewer': '{title}-এর ছবি',
  'gallery.previous': 'আগের ছবি',
  'gallery.next': 'পরের ছবি',
  'gallery.close': 'বন্ধ করুন',
  'gallery.position': '{count}টির মধ্যে ছবি {n}',
};
