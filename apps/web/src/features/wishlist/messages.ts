import { defineMessages } from '../../lib/i18n/define-messages.ts';

export const wishlistMessages = defineMessages({
  'wishlist.title': 'My Wishlist',
  'wishlist.empty': "You haven't wished any property",
  'wishlist.browse': 'Browse all properties',
  'wishlist.delete': 'Delete',
  'wishlist.deleteNamed': 'Delete "{title}" from the wishlist',
  'wishlist.makeOffer': 'Make An Offer',
  'wishlist.makeOfferNamed': 'Make An Offer on "{title}"',
  'wishlist.confirmTitle': 'Are you sure?',
  'wishlist.confirmText': 'Do you want to remove this property from wishlist!',
  'wishlist.confirmButton': 'Yes, delete it!',
  'wishlist.deletedTitle': 'Deleted!',
  'wishlist.deletedText': '"{title}" was removed from your wishlist.',
  'wishlist.add': 'Add To Wishlist',
  'wishlist.added': 'Property Added To Wishlist',
  'wishlist.onWishlist': 'This property is on your wishlist.',
  'wishlist.viewWishlist': 'View wishlist',
  'wishlist.usersOnly': 'Only user accounts can keep a wishlist.',
});
