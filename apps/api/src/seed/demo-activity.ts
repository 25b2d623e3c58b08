import type { ListingKey } from './demo-listings.ts';
import type { PersonKey } from './demo-people.ts';

/**
 * An offer as the demo shows it. Times are days before the seed runs; the deadline is days
 * from today in Dhaka (negative = already past). "expired" is stored as pending with a past
 * deadline, exactly as the offers module derives it.
 */
export type DemoOffer = {
  buyer: PersonKey;
  listing: ListingKey;
  amount: number;
  deadlineInDays: number;
  madeDaysAgo: number;
} & (
  | { status: 'pending' }
  | { status: 'accepted' | 'rejected'; decidedDaysAgo: number }
  /** Paying sells the listing: its sold_at is the payment time. */
  | { status: 'paid'; decidedDaysAgo: number; paidDaysAgo: number }
);

/**
 * Nusrat (the demo user) has an offer in every state; Tanvir (the demo agent) has pending
 * offers to answer, an accepted one awaiting payment and a sale. At most one accepted or
 * paid offer per listing, one open offer per buyer per listing.
 */
export const DEMO_OFFERS: readonly DemoOffer[] = [
  // Nusrat, the demo user
  {
    buyer: 'demoUser',
    listing: 'gulshan-lake-view',
    amount: 33_000_000,
    deadlineInDays: 12,
    madeDaysAgo: 5,
    status: 'pending',
  },
  {
    buyer: 'demoUser',
    listing: 'zindabazar-shop',
    amount: 13_500_000,
    deadlineInDays: 20,
    madeDaysAgo: 2,
    status: 'pending',
  },
  {
    buyer: 'demoUser',
    listing: 'uttara-family-flat',
    amount: 11_200_000,
    deadlineInDays: -3,
    madeDaysAgo: 14,
    status: 'pending', // expired
  },
  {
    buyer: 'demoUser',
    listing: 'dhanmondi-road-8',
    amount: 18_500_000,
    deadlineInDays: 10,
    madeDaysAgo: 8,
    status: 'accepted',
    decidedDaysAgo: 6,
  },
  {
    buyer: 'demoUser',
    listing: 'agrabad-commercial',
    amount: 26_000_000,
    deadlineInDays: -2,
    madeDaysAgo: 20,
    status: 'rejected',
    decidedDaysAgo: 18,
  },
  {
    buyer: 'demoUser',
    listing: 'gulshan-1-compact',
    amount: 17_000_000,
    deadlineInDays: -10,
    madeDaysAgo: 16,
    status: 'paid',
    decidedDaysAgo: 14,
    paidDaysAgo: 12,
  },
  // Arif
  {
    buyer: 'arif',
    listing: 'gulshan-lake-view',
    amount: 32_500_000,
    deadlineInDays: 7,
    madeDaysAgo: 3,
    status: 'pending',
  },
  {
    buyer: 'arif',
    listing: 'nasirabad-flat',
    amount: 11_000_000,
    deadlineInDays: -24,
    madeDaysAgo: 30,
    status: 'paid',
    decidedDaysAgo: 28,
    paidDaysAgo: 26,
  },
  {
    buyer: 'arif',
    listing: 'gulshan-1-compact',
    amount: 16_200_000,
    deadlineInDays: -8,
    madeDaysAgo: 18,
    status: 'rejected', // when Nusrat paid for the flat
    decidedDaysAgo: 12,
  },
  // Sabrina
  {
    buyer: 'sabrina',
    listing: 'bashundhara-new-build',
    amount: 19_500_000,
    deadlineInDays: 15,
    madeDaysAgo: 4,
    status: 'pending',
  },
  {
    buyer: 'sabrina',
    listing: 'nasirabad-flat',
    amount: 10_600_000,
    deadlineInDays: -20,
    madeDaysAgo: 29,
    status: 'rejected',
    decidedDaysAgo: 26,
  },
  {
    buyer: 'sabrina',
    listing: 'kazir-dewri-hill-view',
    amount: 9_200_000,
    deadlineInDays: 6,
    madeDaysAgo: 9,
    status: 'accepted',
    decidedDaysAgo: 7,
  },
  // Imran
  {
    buyer: 'imran',
    listing: 'mirpur-dohs-corner',
    amount: 14_800_000,
    deadlineInDays: 9,
    madeDaysAgo: 1,
    status: 'pending',
  },
  {
    buyer: 'imran',
    listing: 'dhanmondi-road-8',
    amount: 17_600_000,
    deadlineInDays: 3,
    madeDaysAgo: 10,
    status: 'rejected',
    decidedDaysAgo: 6,
  },
  {
    buyer: 'imran',
    listing: 'banani-penthouse',
    amount: 76_000_000,
    deadlineInDays: -1,
    madeDaysAgo: 12,
    status: 'pending', // expired
  },
  // Tahmina
  {
    buyer: 'tahmina',
    listing: 'dhanmondi-duplex',
    amount: 56_000_000,
    deadlineInDays: 14,
    madeDaysAgo: 6,
    status: 'pending',
  },
  {
    buyer: 'tahmina',
    listing: 'savar-house',
    amount: 10_000_000,
    deadlineInDays: 4,
    madeDaysAgo: 11,
    status: 'accepted',
    decidedDaysAgo: 9,
  },
  {
    buyer: 'tahmina',
    listing: 'sonadanga-flat',
    amount: 4_700_000,
    deadlineInDays: 10,
    madeDaysAgo: 3,
    status: 'pending',
  },
];

export type DemoReview = {
  reviewer: PersonKey;
  listing: ListingKey;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  writtenDaysAgo: number;
  /** Shown on the home page strip (at most three). */
  featured?: boolean;
};

export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    reviewer: 'demoUser',
    listing: 'gulshan-1-compact',
    rating: 5,
    text: 'Tanvir answered every question within the hour and the paperwork was ready on the day we paid. The flat is exactly as shown: bright, quiet and well kept.',
    writtenDaysAgo: 10,
    featured: true,
  },
  {
    reviewer: 'arif',
    listing: 'nasirabad-flat',
    rating: 5,
    text: 'A smooth purchase from start to finish. The building has a lift, a generator and a caretaker who knows every resident; we moved in within a month.',
    writtenDaysAgo: 24,
    featured: true,
  },
  {
    reviewer: 'sabrina',
    listing: 'gulshan-lake-view',
    rating: 4,
    text: 'A lovely view over Gulshan Lake and a sensible layout. Parking is tight during school hours, but the flat itself is spotless.',
    writtenDaysAgo: 20,
    featured: true,
  },
  {
    reviewer: 'imran',
    listing: 'dhanmondi-duplex',
    rating: 4,
    text: 'Spacious, with good cross-ventilation on both floors. The kitchen needs updating, but being this close to the lake makes up for it.',
    writtenDaysAgo: 30,
  },
  {
    reviewer: 'tahmina',
    listing: 'uttara-family-flat',
    rating: 5,
    text: 'A quiet block with the park across the road and a market five minutes away. Ideal for a family with young children.',
    writtenDaysAgo: 35,
  },
  {
    reviewer: 'demoUser',
    listing: 'bashundhara-new-build',
    rating: 4,
    text: 'Solid construction from a developer with a good name. Bashundhara traffic at rush hour is the only real downside.',
    writtenDaysAgo: 25,
  },
  {
    reviewer: 'arif',
    listing: 'agrabad-commercial',
    rating: 3,
    text: 'Great frontage on Access Road, but the street floods in heavy monsoon rain. Ask about drainage before you commit.',
    writtenDaysAgo: 40,
  },
  {
    reviewer: 'sabrina',
    listing: 'zindabazar-shop',
    rating: 5,
    text: 'Constant footfall on one of the busiest streets in Sylhet. The flat upstairs is a real bonus for a shop owner.',
    writtenDaysAgo: 28,
  },
  {
    reviewer: 'imran',
    listing: 'mirpur-dohs-corner',
    rating: 4,
    text: 'Light from two sides in every room. The DOHS is clean, green and well guarded.',
    writtenDaysAgo: 22,
  },
  {
    reviewer: 'tahmina',
    listing: 'sonadanga-flat',
    rating: 4,
    text: 'Good value for Khulna. There is no lift and the stairs are steep, but the neighbours are friendly.',
    writtenDaysAgo: 12,
  },
  {
    reviewer: 'demoUser',
    listing: 'shaheb-bazar-flat',
    rating: 5,
    text: 'A short walk to the Padma and the market, with large rooms. The shared rooftop is lovely in the evening.',
    writtenDaysAgo: 8,
  },
  {
    reviewer: 'arif',
    listing: 'banani-penthouse',
    rating: 2,
    text: 'The rooftop garden is beautiful, but the asking price is well above other penthouses on the same road.',
    writtenDaysAgo: 18,
  },
  {
    reviewer: 'sabrina',
    listing: 'kazir-dewri-hill-view',
    rating: 4,
    text: 'Hill views from the balcony and a short walk to the shops. Water pressure on the top floor is weak in the morning.',
    writtenDaysAgo: 15,
  },
  {
    reviewer: 'imran',
    listing: 'motijheel-office',
    rating: 3,
    text: 'A practical office floor close to the banks. The lift is old and slow during office hours.',
    writtenDaysAgo: 26,
  },
  {
    reviewer: 'tahmina',
    listing: 'sylhet-bungalow',
    rating: 5,
    text: 'Peaceful and green near the tea gardens, yet only ten minutes from the airport. A rare find in Sylhet.',
    writtenDaysAgo: 6,
  },
  {
    reviewer: 'imran',
    listing: 'savar-house',
    rating: 1,
    text: 'The access road floods after heavy rain and the courtyard wall is cracked. Not worth the asking price in its current state.',
    writtenDaysAgo: 9,
  },
];

export type DemoWishlistItem = { user: PersonKey; listing: ListingKey; addedDaysAgo: number };

/** Public listings the buyers have not made an offer on (making an offer empties the item). */
export const DEMO_WISHLIST: readonly DemoWishlistItem[] = [
  { user: 'demoUser', listing: 'baridhara-duplex', addedDaysAgo: 9 },
  { user: 'demoUser', listing: 'khulshi-duplex', addedDaysAgo: 7 },
  { user: 'demoUser', listing: 'bashundhara-duplex', addedDaysAgo: 5 },
  { user: 'demoUser', listing: 'sylhet-bungalow', addedDaysAgo: 3 },
  { user: 'demoUser', listing: 'shaheb-bazar-flat', addedDaysAgo: 1 },
  { user: 'arif', listing: 'motijheel-office', addedDaysAgo: 6 },
  { user: 'arif', listing: 'mirpur-dohs-corner', addedDaysAgo: 4 },
  { user: 'sabrina', listing: 'sonadanga-flat', addedDaysAgo: 2 },
];
