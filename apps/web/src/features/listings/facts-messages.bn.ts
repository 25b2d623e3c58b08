import type { Translation } from '../../lib/i18n/define-messages.ts';
import type { listingFactsMessages } from './facts-messages.ts';

export const listingFactsMessagesBangla: Translation<typeof listingFactsMessages> = {
  'facts.notStated': 'উল্লেখ নেই',

  'facts.label.type': 'ধরন',
  'facts.label.bedrooms': 'শোবার ঘর',
  'facts.label.bathrooms': 'বাথরুম',
  'facts.label.size': 'আয়তন',
  'facts.label.floor': 'তলা',
  'facts.label.facing': 'কোনমুখী',
  'facts.label.completion': 'নির্মাণের অবস্থা',
  'facts.label.furnishing': 'আসবাব',
  'facts.label.amenities': 'সুবিধাসমূহ',
  'facts.label.pricePerSqft': 'প্রতি বর্গফুটের দাম',

  'facts.type.apartment': 'অ্যাপার্টমেন্ট/ফ্ল্যাট',
  'facts.type.house': 'বাড়ি',
  'facts.type.duplex': 'ডুপ্লেক্স',
  'facts.type.plot': 'প্লট/জমি',
  'facts.type.commercial': 'বাণিজ্যিক স্থান',
  'facts.type.office': 'অফিস',
  'facts.type.shop': 'দোকান',

  'facts.unit.sqft': 'বর্গফুট',
  'facts.unit.katha': 'কাঠা',
  'facts.unit.decimal': 'শতাংশ',
  'facts.unit.bigha': 'বিঘা',
  'facts.size': '{value} {unit}',
  'facts.sizeWithSquareFeet': '{value} {unit} ({squareFeet} বর্গফুট)',

  'facts.bedroomsCount': '{count}টি শোবার ঘর',
  'facts.bedroomsOne': '১টি শোবার ঘর',
  'facts.bathroomsCount': '{count}টি বাথরুম',
  'facts.bathroomsOne': '১টি বাথরুম',
  'facts.bedsShort': '{count} বেড',
  'facts.bathsShort': '{count} বাথ',
  'facts.floorOf': '{total} তলার মধ্যে {floor} তলা',
  'facts.groundFloorOf': '{total} তলার মধ্যে নিচতলা',
  'facts.floorsTotal': 'ভবনে মোট {total} তলা',

  'facts.facing.north': 'উত্তর',
  'facts.facing.north_east': 'উত্তর-পূর্ব',
  'facts.facing.east': 'পূর্ব',
  'facts.facing.south_east': 'দক্ষিণ-পূর্ব',
  'facts.facing.south': 'দক্ষিণ',
  'facts.facing.south_west': 'দক্ষিণ-পশ্চিম',
  'facts.facing.west': 'পশ্চিম',
  'facts.facing.north_west': 'উত্তর-পশ্চিম',

  'facts.completion.ready': 'প্রস্তুত',
  'facts.completion.under_construction': 'নির্মাণাধীন',
  'facts.handover': 'নির্মাণাধীন, হস্তান্তর {month}',

  'facts.furnishing.unfurnished': 'আসবাবহীন',
  'facts.furnishing.semi_furnished': 'আংশিক আসবাবসহ',
  'facts.furnishing.furnished': 'আসবাবসহ',

  'facts.amenity.lift': 'লিফট',
  'facts.amenity.generator': 'জেনারেটর',
  'facts.amenity.gas_line': 'গ্যাস লাইন',
  'facts.amenity.parking': 'পার্কিং',
  'facts.amenity.security_guard': 'নিরাপত্তারক্ষী',
  'facts.amenity.cctv': 'সিসিটিভি',
  'facts.amenity.rooftop_access': 'ছাদে যাওয়ার ব্যবস্থা',
  'facts.amenity.gym': 'জিম',
  'facts.amenity.swimming_pool': 'সুইমিং পুল',
  'facts.amenity.fire_exit': 'জরুরি বহির্গমন পথ',
  'facts.amenitiesNone': 'নেই',

  'facts.pricePerSqft': 'প্রতি বর্গফুট {price}',
  'facts.pricePerSqftRange': 'প্রতি বর্গফুট {min}–{max}',

  'browse.sort.price_per_sqft': 'প্রতি বর্গফুটের দাম: কম থেকে বেশি',
  'browse.sort.size': 'আয়তন: বড়গুলো আগে',
  'browse.resultCount': '{count}টি প্রপার্টি',
  'browse.resultCountOne': '১টি প্রপার্টি',
};
