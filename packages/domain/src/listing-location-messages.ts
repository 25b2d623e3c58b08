// Messages of a listing's structured location, apart from the schema so screens that only
// show them do not load it too.
export const listingLocationMessages = {
  divisionRequired: 'Choose the division.',
  divisionUnknown: 'Choose one of the eight divisions.',
  districtRequired: 'Choose the district.',
  districtUnknown: 'Choose a district from the list.',
  districtOutsideDivision: 'This district is not in the chosen division.',
  areaUnknown: 'Choose an area from the list.',
  areaOutsideDistrict: 'This area is not in the chosen district.',
} as const;
