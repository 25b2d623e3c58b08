import { defineMessages } from '../../lib/i18n/define-messages.ts';

/** Labels of a listing's facts and of every value they take, and the new search sorts. */
export const listingFactsMessages = defineMessages({
  'facts.notStated': 'Not stated',

  'facts.label.type': 'Type',
  'facts.label.bedrooms': 'Bedrooms',
  'facts.label.bathrooms': 'Bathrooms',
  'facts.label.size': 'Size',
  'facts.label.floor': 'Floor',
  'facts.label.facing': 'Facing',
  'facts.label.completion': 'Completion',
  'facts.label.furnishing': 'Furnishing',
  'facts.label.amenities': 'Amenities',
  'facts.label.pricePerSqft': 'Price per sq ft',

  'facts.type.apartment': 'Apartment/Flat',
  'facts.type.house': 'House',
  'facts.type.duplex': 'Duplex',
  'facts.type.plot': 'Plot/Land',
  'facts.type.commercial': 'Commercial space',
  'facts.type.office': 'Office',
  'facts.type.shop': 'Shop',

  'facts.unit.sqft': 'sq ft',
  'facts.unit.katha': 'katha',
  'facts.unit.decimal': 'decimal',
  'facts.unit.bigha': 'bigha',
  'facts.size': '{value} {unit}',
  'facts.sizeWithSquareFeet': '{value} {unit} ({squareFeet} sq ft)',

  'facts.bedroomsCount': '{count} bedrooms',
  'facts.bedroomsOne': '1 bedroom',
  'facts.bathroomsCount': '{count} bathrooms',
  'facts.bathroomsOne': '1 bathroom',
  'facts.bedsShort': '{count} bed',
  'facts.bathsShort': '{count} bath',
  'facts.floorOf': 'Floor {floor} of {total}',
  'facts.groundFloorOf': 'Ground floor of {total}',
  'facts.floorsTotal': '{total} floors in the building',

  'facts.facing.north': 'North',
  'facts.facing.north_east': 'North-east',
  'facts.facing.east': 'East',
  'facts.facing.south_east': 'South-east',
  'facts.facing.south': 'South',
  'facts.facing.south_west': 'South-west',
  'facts.facing.west': 'West',
  'facts.facing.north_west': 'North-west',

  'facts.completion.ready': 'Ready',
  'facts.completion.under_construction': 'Under construction',
  'facts.handover': 'Under construction, handover {month}',

  'facts.furnishing.unfurnished': 'Unfurnished',
  'facts.furnishing.semi_furnished': 'Semi-furnished',
  'facts.furnishing.furnished': 'Furnished',

  'facts.amenity.lift': 'Lift',
  'facts.amenity.generator': 'Generator',
  'facts.amenity.gas_line': 'Gas line',
  'facts.amenity.parking': 'Parking',
  'facts.amenity.security_guard': 'Security guard',
  'facts.amenity.cctv': 'CCTV',
  'facts.amenity.rooftop_access': 'Rooftop access',
  'facts.amenity.gym': 'Gym',
  'facts.amenity.swimming_pool': 'Swimming pool',
  'facts.amenity.fire_exit': 'Fire exit',
  'facts.amenitiesNone': 'None',

  'facts.pricePerSqft': '{price} per sq ft',
  'facts.pricePerSqftRange': '{min}–{max} per sq ft',

  'browse.sort.price_per_sqft': 'Price per sq ft: low to high',
  'browse.sort.size': 'Size: largest first',
  'browse.resultCount': '{count} properties',
  'browse.resultCountOne': '1 property',
});
