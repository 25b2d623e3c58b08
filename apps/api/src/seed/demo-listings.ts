import type { ListingStatus } from '@basha/domain';
import type { PersonKey } from './demo-people.ts';
import type { BuildingKind } from './listing-illustration.ts';

export type DemoListing = {
  /** How offers, reviews and wishlist items below refer to this listing. */
  key: string;
  agent: PersonKey;
  title: string;
  location: string;
  description: string;
  kind: BuildingKind;
  /** Sale price range in whole taka. */
  price: readonly [min: number, max: number];
  status: ListingStatus;
  rejectionReason?: string;
  /** When the agent listed it, in days before the seed runs. */
  listedDaysAgo: number;
};

/** Whole taka; rounded because 1.1 × 10 000 000 is not exact in floating point. */
const lakh = (amount: number) => Math.round(amount * 100_000);
const crore = (amount: number) => Math.round(amount * 10_000_000);

/**
 * Thirty sale listings across Bangladesh: 22 verified (two of them sold, two delisted with
 * their fraud agent), 5 pending and 3 rejected. Spread over the last two months so
 * "newest first" means something.
 */
export const DEMO_LISTINGS = [
  // ── Tanvir Hossain, the demo agent: Dhaka ──────────────────────────────────────────
  {
    key: 'gulshan-lake-view',
    agent: 'demoAgent',
    title: '3-bed apartment with lake view',
    location: 'Gulshan 2, Dhaka',
    description:
      'A 2,100 sq ft apartment on the eighth floor overlooking Gulshan Lake. Three bedrooms with attached baths, a generator-backed lift and two covered parking spaces.',
    kind: 'apartment',
    price: [crore(3.2), crore(3.6)],
    status: 'verified',
    listedDaysAgo: 58,
  },
  {
    key: 'dhanmondi-duplex',
    agent: 'demoAgent',
    title: 'Duplex near Dhanmondi Lake',
    location: 'Road 27, Dhanmondi, Dhaka',
    description:
      'A two-storey duplex a short walk from Dhanmondi Lake, with five bedrooms and a private roof terrace. Renovated in 2022; the ground floor suits a home office.',
    kind: 'duplex',
    price: [crore(5.5), crore(6.2)],
    status: 'verified',
    listedDaysAgo: 55,
  },
  {
    key: 'uttara-family-flat',
    agent: 'demoAgent',
    title: 'Family flat close to the Sector 7 park',
    location: 'Sector 7, Uttara, Dhaka',
    description:
      'A bright 1,650 sq ft flat across the road from the Sector 7 park. Three bedrooms, a large drawing-dining room and gas, water and electricity connections in place.',
    kind: 'apartment',
    price: [crore(1.1), crore(1.25)],
    status: 'verified',
    listedDaysAgo: 52,
  },
  {
    key: 'bashundhara-new-build',
    agent: 'demoAgent',
    title: 'Brand-new 4-bed apartment in Bashundhara',
    location: 'Block D, Bashundhara R/A, Dhaka',
    description:
      'Handed over this year by a reputed developer: four bedrooms, three balconies and a rooftop community hall. Schools and Evercare Hospital are within ten minutes.',
    kind: 'apartment',
    price: [crore(1.9), crore(2.1)],
    status: 'verified',
    listedDaysAgo: 49,
  },
  {
    key: 'mirpur-dohs-corner',
    agent: 'demoAgent',
    title: 'Corner flat in Mirpur DOHS',
    location: 'Mirpur DOHS, Dhaka',
    description:
      'A corner unit with windows on two sides in the secure, tree-lined Mirpur DOHS. Three bedrooms, a servant room and one car parking.',
    kind: 'apartment',
    price: [crore(1.45), crore(1.6)],
    status: 'verified',
    listedDaysAgo: 46,
  },
  {
    key: 'banani-penthouse',
    agent: 'demoAgent',
    title: 'Penthouse with rooftop garden',
    location: 'Road 11, Banani, Dhaka',
    description:
      'A 4,000 sq ft penthouse with a private rooftop garden and views across Banani. Four bedrooms, a family lounge and a separate staff entrance.',
    kind: 'apartment',
    price: [crore(7.5), crore(8.5)],
    status: 'verified',
    listedDaysAgo: 43,
  },
  {
    key: 'baridhara-duplex',
    agent: 'demoAgent',
    title: 'Duplex with a private garden in Baridhara',
    location: 'Park Road, Baridhara, Dhaka',
    description:
      'A quiet duplex in the diplomatic zone with a lawn, six bedrooms and parking for three cars. Around-the-clock security on the road.',
    kind: 'duplex',
    price: [crore(11), crore(12.5)],
    status: 'verified',
    listedDaysAgo: 37,
  },
  {
    key: 'motijheel-office',
    agent: 'demoAgent',
    title: 'Office floor near Shapla Chattar',
    location: 'Motijheel C/A, Dhaka',
    description:
      'A full 3,200 sq ft office floor in a commercial tower steps from the banks of Motijheel. Central air conditioning, two lifts and a standby generator.',
    kind: 'commercial',
    price: [crore(4.2), crore(4.8)],
    status: 'verified',
    listedDaysAgo: 34,
  },
  {
    key: 'dhanmondi-road-8',
    agent: 'demoAgent',
    title: 'Renovated 3-bed flat on a quiet lane',
    location: 'Road 8A, Dhanmondi, Dhaka',
    description:
      'Fully renovated last year with new wiring, plumbing and a modern kitchen. Three bedrooms on a quiet lane, close to Dhanmondi schools and Abahani field.',
    kind: 'apartment',
    price: [crore(1.75), crore(1.95)],
    status: 'verified',
    listedDaysAgo: 27,
  },
  {
    key: 'gulshan-1-compact',
    agent: 'demoAgent',
    title: 'Compact 2-bed flat in Gulshan 1',
    location: 'Gulshan 1, Dhaka',
    description:
      'An efficient two-bedroom flat near Gulshan 1 circle, ideal for a young family or as an investment. Lift, generator and a rooftop garden shared with six units.',
    kind: 'apartment',
    price: [crore(1.6), crore(1.8)],
    status: 'verified',
    listedDaysAgo: 23,
  },
  {
    key: 'bashundhara-duplex',
    agent: 'demoAgent',
    title: 'Duplex house with a rooftop terrace',
    location: 'Block G, Bashundhara R/A, Dhaka',
    description:
      'A four-bedroom duplex on a 5 katha plot with a rooftop terrace and a small front garden. Freehold, with the mutation (namjari) completed.',
    kind: 'duplex',
    price: [crore(4.8), crore(5.4)],
    status: 'verified',
    listedDaysAgo: 19,
  },
  {
    key: 'savar-house',
    agent: 'demoAgent',
    title: 'Family house with a courtyard in Savar',
    location: 'Bank Town, Savar, Dhaka',
    description:
      'A single-storey brick house around a shaded courtyard, on a 4 katha plot. Room to build upwards later; the highway is ten minutes away.',
    kind: 'house',
    price: [lakh(95), crore(1.1)],
    status: 'verified',
    listedDaysAgo: 15,
  },
  {
    key: 'purbachal-plot',
    agent: 'demoAgent',
    title: '5 katha plot in Purbachal Sector 3',
    location: 'Sector 3, Purbachal New Town, Dhaka',
    description:
      'A 5 katha residential plot in Sector 3 of Purbachal New Town, on a 40 ft road a short walk from the lake. RAJUK allotment, with the mutation (namjari) completed; the 300 Feet Road is a two-minute drive.',
    kind: 'plot',
    price: [crore(1.6), crore(1.8)],
    status: 'pending',
    listedDaysAgo: 4,
  },
  {
    key: 'mirpur-10-starter',
    agent: 'demoAgent',
    title: 'Affordable 2-bed flat near Mirpur 10 metro',
    location: 'Mirpur 10, Dhaka',
    description:
      'A two-bedroom starter flat a five-minute walk from the Mirpur 10 metro station. Third floor, south-facing, with a lift.',
    kind: 'apartment',
    price: [lakh(55), lakh(62)],
    status: 'pending',
    listedDaysAgo: 2,
  },
  {
    key: 'farmgate-shop',
    agent: 'demoAgent',
    title: 'Ground-floor shop space in Farmgate',
    location: 'Farmgate, Dhaka',
    description:
      'A 600 sq ft ground-floor shop on a busy road in Farmgate, suitable for retail or a pharmacy. Shutter front and its own electricity meter.',
    kind: 'commercial',
    price: [crore(1.2), crore(1.4)],
    status: 'rejected',
    rejectionReason:
      'The ownership documents are missing. Please add the deed and mutation (namjari) details and submit the listing again.',
    listedDaysAgo: 12,
  },

  // ── Mahmudul Hasan: Chattogram ─────────────────────────────────────────────────────
  {
    key: 'agrabad-commercial',
    agent: 'mahmud',
    title: 'Commercial space on Agrabad Access Road',
    location: 'Agrabad C/A, Chattogram',
    description:
      'A 2,800 sq ft commercial floor on Agrabad Access Road, minutes from the port and the banks. Suitable for offices, a showroom or a clinic.',
    kind: 'commercial',
    price: [crore(2.6), crore(3)],
    status: 'verified',
    listedDaysAgo: 57,
  },
  {
    key: 'nasirabad-flat',
    agent: 'mahmud',
    title: '3-bed apartment in Nasirabad Housing',
    location: 'Nasirabad, Chattogram',
    description:
      'A well-kept three-bedroom apartment in Nasirabad Housing Society, with a lift, a generator and a resident caretaker. Good schools nearby.',
    kind: 'apartment',
    price: [crore(1.05), crore(1.2)],
    status: 'verified',
    listedDaysAgo: 48,
  },
  {
    key: 'kazir-dewri-hill-view',
    agent: 'mahmud',
    title: 'Hill-view flat in Kazir Dewri',
    location: 'Kazir Dewri, Chattogram',
    description:
      'A top-floor flat with hill views from the balcony, in the heart of old Chattogram. Three bedrooms and a short walk to the shopping streets.',
    kind: 'apartment',
    price: [lakh(88), lakh(98)],
    status: 'verified',
    listedDaysAgo: 38,
  },
  {
    key: 'khulshi-duplex',
    agent: 'mahmud',
    title: 'Duplex on the Khulshi hillside',
    location: 'Khulshi, Chattogram',
    description:
      'A breezy duplex on the Khulshi hillside with five bedrooms and a garden. Quiet, green and close to the university road.',
    kind: 'duplex',
    price: [crore(3.8), crore(4.3)],
    status: 'verified',
    listedDaysAgo: 29,
  },
  {
    key: 'halishahar-flat',
    agent: 'mahmud',
    title: '2-bed flat near Halishahar',
    location: 'Halishahar, Chattogram',
    description:
      'A two-bedroom flat in a six-storey building near the Halishahar housing estate. Gas connection and a shared rooftop.',
    kind: 'apartment',
    price: [lakh(58), lakh(64)],
    status: 'pending',
    listedDaysAgo: 5,
  },
  {
    key: 'patenga-warehouse',
    agent: 'mahmud',
    title: 'Warehouse space near the port',
    location: 'Patenga, Chattogram',
    description:
      'A 10,000 sq ft warehouse with truck access, five minutes from the port. High ceilings and a loading bay.',
    kind: 'commercial',
    price: [crore(2), crore(2.4)],
    status: 'rejected',
    rejectionReason:
      'The price range is far above comparable warehouses nearby. Please check the price and submit again.',
    listedDaysAgo: 20,
  },

  // ── Shirin Akter: Sylhet, Khulna, Rajshahi ─────────────────────────────────────────
  {
    key: 'zindabazar-shop',
    agent: 'shirin',
    title: 'Shop with a flat above in Zindabazar',
    location: 'Zindabazar, Sylhet',
    description:
      'A ground-floor shop on the busy Zindabazar road with a two-bedroom flat above it. Steady footfall all day; the shop is currently vacant.',
    kind: 'commercial',
    price: [crore(1.3), crore(1.5)],
    status: 'verified',
    listedDaysAgo: 50,
  },
  {
    key: 'sylhet-bungalow',
    agent: 'shirin',
    title: 'Bungalow near the tea gardens',
    location: 'Airport Road, Sylhet',
    description:
      'A three-bedroom bungalow on a green 8 katha plot near the tea gardens. Ten minutes from Osmani International Airport.',
    kind: 'house',
    price: [crore(1.6), crore(1.9)],
    status: 'verified',
    listedDaysAgo: 33,
  },
  {
    key: 'sonadanga-flat',
    agent: 'shirin',
    title: 'Affordable 3-bed flat in Sonadanga',
    location: 'Sonadanga, Khulna',
    description:
      'A 1,250 sq ft three-bedroom flat near the Sonadanga bus terminal and the market. Second floor of a five-storey building.',
    kind: 'apartment',
    price: [lakh(45), lakh(50)],
    status: 'verified',
    listedDaysAgo: 25,
  },
  {
    key: 'shaheb-bazar-flat',
    agent: 'shirin',
    title: 'Family flat near Shaheb Bazar',
    location: 'Shaheb Bazar, Rajshahi',
    description:
      'A spacious three-bedroom flat within walking distance of Shaheb Bazar and the Padma riverbank. Shared rooftop and a quiet neighbourhood.',
    kind: 'apartment',
    price: [lakh(48), lakh(54)],
    status: 'verified',
    listedDaysAgo: 17,
  },
  {
    key: 'padma-house',
    agent: 'shirin',
    title: 'Two-storey house near the Padma',
    location: 'Padma Residential Area, Rajshahi',
    description:
      'A two-storey house with four bedrooms and a mango tree in the yard, a few minutes from the Padma embankment.',
    kind: 'house',
    price: [crore(1.2), crore(1.4)],
    status: 'pending',
    listedDaysAgo: 3,
  },
  {
    key: 'upashahar-flat',
    agent: 'shirin',
    title: 'Lake-facing flat in Upashahar',
    location: 'Upashahar, Sylhet',
    description:
      'A three-bedroom flat facing the Upashahar lake, with a lift and a generator. Handover-ready, registration costs shared.',
    kind: 'apartment',
    price: [lakh(62), lakh(70)],
    status: 'pending',
    listedDaysAgo: 1,
  },
  {
    key: 'boyra-house',
    agent: 'shirin',
    title: 'Riverside house in Boyra',
    location: 'Boyra, Khulna',
    description:
      'A single-storey house with a large yard near the Bhairab river. Three bedrooms and a separate kitchen building.',
    kind: 'house',
    price: [lakh(75), lakh(85)],
    status: 'rejected',
    rejectionReason:
      'The land size and the ownership details are missing. Please add them and submit the listing again.',
    listedDaysAgo: 9,
  },

  // ── Kamrul Ahsan: marked as fraud, so these are delisted ───────────────────────────
  {
    key: 'gulshan-avenue-bargain',
    agent: 'kamrul',
    title: 'Luxury flat on Gulshan Avenue at half price',
    location: 'Gulshan Avenue, Dhaka',
    description:
      'A luxury three-bedroom flat on Gulshan Avenue at half the market price. Advance payment required to hold the booking.',
    kind: 'apartment',
    price: [lakh(90), crore(1)],
    status: 'verified',
    listedDaysAgo: 44,
  },
  {
    key: 'uttara-sector-4-duplex',
    agent: 'kamrul',
    title: 'Lake-facing duplex in Uttara Sector 4',
    location: 'Sector 4, Uttara, Dhaka',
    description:
      'A lake-facing duplex with four bedrooms, offered well below market value for a quick sale. Documents shown on request.',
    kind: 'duplex',
    price: [crore(1.5), crore(1.7)],
    status: 'verified',
    listedDaysAgo: 36,
  },
] as const satisfies readonly DemoListing[];

export type ListingKey = (typeof DEMO_LISTINGS)[number]['key'];
