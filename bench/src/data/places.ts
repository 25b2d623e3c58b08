/**
 * Where generated listings are: real areas of Bangladesh, weighted roughly like a national
 * property portal's stock (Dhaka dominates, then Chattogram; small towns are rare). The
 * weights make location searches behave like real ones: "Dhaka" is broad, "Gulshan" is a
 * few percent of the stock, "Zindabazar" about one percent, "Kolatoli" a few in a thousand.
 */
export type Place = { area: string; district: string; division: string; weight: number };

export const PLACES: readonly Place[] = [
  // Dhaka division
  { area: 'Gulshan', district: 'Dhaka', division: 'Dhaka', weight: 40 },
  { area: 'Banani', district: 'Dhaka', division: 'Dhaka', weight: 30 },
  { area: 'Dhanmondi', district: 'Dhaka', division: 'Dhaka', weight: 40 },
  { area: 'Uttara', district: 'Dhaka', division: 'Dhaka', weight: 50 },
  { area: 'Mirpur', district: 'Dhaka', division: 'Dhaka', weight: 60 },
  { area: 'Mohammadpur', district: 'Dhaka', division: 'Dhaka', weight: 40 },
  { area: 'Bashundhara R/A', district: 'Dhaka', division: 'Dhaka', weight: 35 },
  { area: 'Baridhara', district: 'Dhaka', division: 'Dhaka', weight: 15 },
  { area: 'Motijheel', district: 'Dhaka', division: 'Dhaka', weight: 10 },
  { area: 'Badda', district: 'Dhaka', division: 'Dhaka', weight: 30 },
  { area: 'Tejgaon', district: 'Dhaka', division: 'Dhaka', weight: 15 },
  { area: 'Lalmatia', district: 'Dhaka', division: 'Dhaka', weight: 10 },
  { area: 'Khilgaon', district: 'Dhaka', division: 'Dhaka', weight: 20 },
  { area: 'Wari', district: 'Dhaka', division: 'Dhaka', weight: 10 },
  { area: 'Tongi', district: 'Gazipur', division: 'Dhaka', weight: 15 },
  { area: 'Board Bazar', district: 'Gazipur', division: 'Dhaka', weight: 10 },
  { area: 'Fatullah', district: 'Narayanganj', division: 'Dhaka', weight: 10 },
  { area: 'Chashara', district: 'Narayanganj', division: 'Dhaka', weight: 8 },
  { area: 'Savar', district: 'Dhaka', division: 'Dhaka', weight: 15 },
  // Chattogram division
  { area: 'Agrabad', district: 'Chattogram', division: 'Chattogram', weight: 25 },
  { area: 'Khulshi', district: 'Chattogram', division: 'Chattogram', weight: 20 },
  { area: 'Nasirabad', district: 'Chattogram', division: 'Chattogram', weight: 20 },
  { area: 'Panchlaish', district: 'Chattogram', division: 'Chattogram', weight: 15 },
  { area: 'Halishahar', district: 'Chattogram', division: 'Chattogram', weight: 15 },
  { area: 'GEC Circle', district: 'Chattogram', division: 'Chattogram', weight: 8 },
  { area: 'Kolatoli', district: "Cox's Bazar", division: 'Chattogram', weight: 3 },
  { area: 'Kandirpar', district: 'Cumilla', division: 'Chattogram', weight: 5 },
  // Sylhet division
  { area: 'Zindabazar', district: 'Sylhet', division: 'Sylhet', weight: 9 },
  { area: 'Amberkhana', district: 'Sylhet', division: 'Sylhet', weight: 6 },
  { area: 'Uposhohor', district: 'Sylhet', division: 'Sylhet', weight: 6 },
  // Rajshahi division
  { area: 'Shaheb Bazar', district: 'Rajshahi', division: 'Rajshahi', weight: 6 },
  { area: 'Padma Residential Area', district: 'Rajshahi', division: 'Rajshahi', weight: 4 },
  { area: 'Satmatha', district: 'Bogura', division: 'Rajshahi', weight: 4 },
  // Khulna division
  { area: 'Sonadanga', district: 'Khulna', division: 'Khulna', weight: 6 },
  { area: 'Khalishpur', district: 'Khulna', division: 'Khulna', weight: 4 },
  { area: 'Doratana', district: 'Jashore', division: 'Khulna', weight: 3 },
  // Barishal, Rangpur and Mymensingh divisions
  { area: 'Band Road', district: 'Barishal', division: 'Barishal', weight: 4 },
  { area: 'Nathullabad', district: 'Barishal', division: 'Barishal', weight: 3 },
  { area: 'Jahaj Company More', district: 'Rangpur', division: 'Rangpur', weight: 4 },
  { area: 'Dhap', district: 'Rangpur', division: 'Rangpur', weight: 3 },
  { area: 'Ganginarpar', district: 'Mymensingh', division: 'Mymensingh', weight: 4 },
  { area: 'Charpara', district: 'Mymensingh', division: 'Mymensingh', weight: 3 },
];

/** One location string per unit of weight, so picking an element uniformly honours the weights. */
export function weightedLocations(): string[] {
  return PLACES.flatMap((place) =>
    Array.from({ length: place.weight }, () => `${place.area}, ${place.district}`),
  );
}

/** What a property is, and the words its title uses. */
export const PROPERTY_KINDS = [
  '2-bed apartment',
  '3-bed apartment',
  '4-bed apartment',
  'Duplex house',
  'Penthouse',
  'Studio flat',
  'Commercial floor',
  'Shop space',
  'Residential plot',
  'Family house',
] as const;

export const TITLE_HOOKS = [
  'with lake view',
  'near the main road',
  'ready to move in',
  'with rooftop garden',
  'close to schools',
  'with two car parks',
  'in a gated community',
  'newly handed over',
  'with generator backup',
  'corner plot',
] as const;

export const FIRST_NAMES = [
  'Tanvir',
  'Nusrat',
  'Mahmudul',
  'Shirin',
  'Arif',
  'Sabrina',
  'Imran',
  'Tahmina',
  'Rafiq',
  'Farzana',
  'Kamrul',
  'Sadia',
  'Rakib',
  'Nasrin',
  'Jahid',
  'Mim',
  'Sohel',
  'Ayesha',
  'Habib',
  'Rumana',
] as const;

export const LAST_NAMES = [
  'Hossain',
  'Akter',
  'Hasan',
  'Chowdhury',
  'Islam',
  'Kabir',
  'Begum',
  'Rahman',
  'Ahmed',
  'Uddin',
  'Sarkar',
  'Talukder',
  'Mia',
  'Khan',
  'Siddiqui',
] as const;

export const REVIEW_TEXTS = [
  'The agent answered every question and the papers were in order.',
  'Exactly as in the photos; the neighbourhood is quiet in the evening.',
  'Good building but the lift was out of service when we visited.',
  'Fair price for the area, parking is tight.',
  'Gas and water lines are fine; the road floods a little in the monsoon.',
  'Helpful agent, quick visit, honest about the service charge.',
] as const;
