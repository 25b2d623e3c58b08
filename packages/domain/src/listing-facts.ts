import { z } from 'zod/mini';
import {
  LISTING_FLOORS_MAX,
  LISTING_ROOMS_MAX,
  LISTING_SQUARE_FEET_MAX,
  listingFactsMessages as messages,
} from './listing-facts-messages.ts';
import { blankAsMissing, listOfValues, text, typedNumber } from './text.ts';

// ── The values a fact may take ──────────────────────────────────────────────────────────

export const LISTING_TYPES = [
  'apartment',
  'house',
  'duplex',
  'plot',
  'commercial',
  'office',
  'shop',
] as const;
export const ListingTypeSchema = z.enum(LISTING_TYPES, { error: messages.typeUnknown });
export type ListingType = z.infer<typeof ListingTypeSchema>;

/** Homes: bedrooms and bathrooms are required. */
export const RESIDENTIAL_LISTING_TYPES = ['apartment', 'house', 'duplex'] as const;
/** Units inside a building: floor and total floors may be stated. */
export const FLOORED_LISTING_TYPES = ['apartment', 'office'] as const;

/** Built space is in square feet; land may be in the units Bangladeshi deeds use. */
export const SIZE_UNITS = ['sqft', 'katha', 'decimal', 'bigha'] as const;
export const SizeUnitSchema = z.enum(SIZE_UNITS, { error: messages.sizeUnitUnknown });
export type SizeUnit = z.infer<typeof SizeUnitSchema>;
export const LAND_SIZE_UNITS = ['katha', 'decimal', 'bigha'] as const;
const DEFAULT_SIZE_UNIT: SizeUnit = 'sqft';

/** 1 katha = 720 sq ft, 1 decimal (শতাংশ) = 435.6 sq ft, 1 bigha = 20 katha. */
export const SQUARE_FEET_PER_UNIT: Record<SizeUnit, number> = {
  sqft: 1,
  katha: 720,
  decimal: 435.6,
  bigha: 20 * 720,
};

export const FACINGS = [
  'north',
  'north_east',
  'east',
  'south_east',
  'south',
  'south_west',
  'west',
  'north_west',
] as const;
export const FacingSchema = z.enum(FACINGS, { error: messages.facingUnknown });
export type Facing = z.infer<typeof FacingSchema>;

export const COMPLETION_STATUSES = ['ready', 'under_construction'] as const;
export const CompletionStatusSchema = z.enum(COMPLETION_STATUSES, {
  error: messages.completionUnknown,
});
export type CompletionStatus = z.infer<typeof CompletionStatusSchema>;

export const FURNISHINGS = ['unfurnished', 'semi_furnished', 'furnished'] as const;
export const FurnishingSchema = z.enum(FURNISHINGS, { error: messages.furnishingUnknown });
export type Furnishing = z.infer<typeof FurnishingSchema>;

export const AMENITIES = [
  'lift',
  'generator',
  'gas_line',
  'parking',
  'security_guard',
  'cctv',
  'rooftop_access',
  'gym',
  'swimming_pool',
  'fire_exit',
] as const;
export const AmenitySchema = z.enum(AMENITIES, { error: messages.amenityUnknown });
export type Amenity = z.infer<typeof AmenitySchema>;

// ── Sizes and prices ────────────────────────────────────────────────────────────────────

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * The canonical square feet of a size in any unit, to two decimals: every filter and sort
 * compares this figure, whatever unit the agent chose (which is kept for display).
 */
export function squareFeetOf(value: number, unit: SizeUnit): number {
  return roundTo(value * SQUARE_FEET_PER_UNIT[unit], 2);
}

/** A size in square feet expressed in another unit (a filter typed in katha), to two decimals. */
export function sizeInUnit(squareFeet: number, unit: SizeUnit): number {
  return roundTo(squareFeet / SQUARE_FEET_PER_UNIT[unit], 2);
}

/**
 * Price per square foot, derived and never entered: the price range divided by the canonical
 * size, in whole taka. Null when the size is not stated.
 */
export function pricePerSquareFoot(
  price: { min: number; max: number },
  squareFeet: number | null,
): { min: number; max: number } | null {
  if (squareFeet === null || !(squareFeet > 0)) return null;
  return { min: Math.round(price.min / squareFeet), max: Math.round(price.max / squareFeet) };
}

// ── What an agent submits ───────────────────────────────────────────────────────────────

/**
 * A number from a form field or query parameter: they arrive as strings, maybe typed with
 * Bangla digits ("৩") or grouping commas ("1,200"); JSON may send numbers. Anything else is left for the schema to refuse.
 */
export function numberFromField(value: unknown): unknown {
  const given = blankAsMissing(value);
  if (typeof given !== 'string') return given;
  const ascii = typedNumber(given);
  return /^-?\d+(\.\d+)?$/.test(ascii) ? Number(ascii) : given;
}

/** An optional whole number from min to max, from a form field or query parameter. */
export function optionalWholeNumber(message: string, min: number, max: number) {
  return z.pipe(
    z.transform(numberFromField),
    z.optional(
      z
        .number({ error: message })
        .check(z.refine((n) => Number.isInteger(n) && n >= min && n <= max, message)),
    ),
  );
}

function optionalChoice<Choice extends z.ZodMiniType>(choice: Choice) {
  return z.pipe(z.transform(blankAsMissing), z.optional(choice));
}

const isOneOf = <Value extends string>(list: readonly Value[], value: unknown): value is Value =>
  list.includes(value as Value);

/** YYYY-MM with a real month. */
const HANDOVER_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The facts' fields, one by one. The add/update form sends them beside the listing's other
 * fields, so the API's body schema spreads this shape and adds `listingFactsRules`.
 */
export const listingFactsShape = {
  // Optional one by one: a form stating no fact at all is valid ("not stated", for the
  // spec's clients that know no facts); the rules require type and size once any is given.
  type: optionalChoice(ListingTypeSchema),
  bedrooms: optionalWholeNumber(messages.bedroomsInvalid, 0, LISTING_ROOMS_MAX),
  bathrooms: optionalWholeNumber(messages.bathroomsInvalid, 0, LISTING_ROOMS_MAX),
  size: z.pipe(
    z.transform(numberFromField),
    z.optional(
      z
        .number({ error: messages.sizeInvalid })
        .check(
          z.refine((n) => Number.isFinite(n) && n > 0 && roundTo(n, 2) === n, messages.sizeInvalid),
        ),
    ),
  ),
  sizeUnit: z.pipe(z.transform(blankAsMissing), z._default(SizeUnitSchema, DEFAULT_SIZE_UNIT)),
  floor: optionalWholeNumber(messages.floorInvalid, 0, LISTING_FLOORS_MAX),
  totalFloors: optionalWholeNumber(messages.totalFloorsInvalid, 1, LISTING_FLOORS_MAX),
  facing: optionalChoice(FacingSchema),
  completion: optionalChoice(CompletionStatusSchema),
  handoverMonth: optionalChoice(
    text().check(z.trim(), z.regex(HANDOVER_MONTH, messages.handoverInvalid)),
  ),
  furnishing: optionalChoice(FurnishingSchema),
  amenities: z.pipe(
    z.transform((value) => listOfValues(value) ?? []),
    z.pipe(
      // Refused as a whole, so the message belongs to the form's field, not to one element.
      z
        .array(z.unknown())
        .check(
          z.refine(
            (given) => given.every((amenity) => isOneOf(AMENITIES, amenity)),
            messages.amenityUnknown,
          ),
        ),
      // A set: choosing a box twice (or a repeated form field) means it once.
      z.transform((amenities) => AMENITIES.filter((amenity) => amenities.includes(amenity))),
    ),
  ),
};

export type ListingFactsInput = z.infer<typeof ListingFactsInputSchema>;

/** The fields that state a fact; the size unit only qualifies a size (and has a default). */
const STATING_FIELDS = (Object.keys(listingFactsShape) as (keyof ListingFactsInput)[]).filter(
  (field) => field !== 'sizeUnit',
);

/**
 * Whether a form states any fact. Facts are optional as a whole (ADR 29): a form stating
 * none means "not stated" (an add stores them null, an update keeps the listing's own).
 */
export function statesAnyFact(facts: Partial<ListingFactsInput>): boolean {
  return STATING_FIELDS.some((field) =>
    field === 'amenities' ? (facts.amenities?.length ?? 0) > 0 : facts[field] !== undefined,
  );
}

/** A refusal of one field, by its form field's name. */
export type FactIssue = { field: keyof ListingFactsInput; message: string };

/**
 * The rules between facts, each refusing one field: once any fact is stated (`anyRefused`:
 * one was given but refused on its own), the type and size; what a type must state, what it cannot
 * have (bedrooms on a plot), and values that contradict each other (a floor above the
 * building, a handover month on a ready building). Fields that failed on their own are
 * absent here, so each rule only speaks about values that parsed.
 */
export function listingFactsIssues(
  facts: Partial<ListingFactsInput>,
  anyRefused = false,
): FactIssue[] {
  const issues: FactIssue[] = [];
  const refuse = (field: FactIssue['field'], message: string) => issues.push({ field, message });
  const { type } = facts;
  const isPlot = type === 'plot';
  const has = (field: keyof ListingFactsInput) => facts[field] !== undefined;

  if (anyRefused || statesAnyFact(facts)) {
    if (!has('type')) refuse('type', messages.typeRequired);
    if (!has('size')) refuse('size', messages.sizeRequired);
  }

  if (isOneOf(RESIDENTIAL_LISTING_TYPES, type)) {
    if (!has('bedrooms')) refuse('bedrooms', messages.bedroomsRequired);
    if (!has('bathrooms')) refuse('bathrooms', messages.bathroomsRequired);
  }
  if (isPlot && has('bedrooms')) refuse('bedrooms', messages.bedroomsOnPlot);
  if (isPlot && has('bathrooms')) refuse('bathrooms', messages.bathroomsOnPlot);

  if (type && !isPlot && isOneOf(LAND_SIZE_UNITS, facts.sizeUnit)) {
    refuse('sizeUnit', messages.landUnitOnBuiltSpace);
  }
  if (
    typeof facts.size === 'number' &&
    squareFeetOf(facts.size, facts.sizeUnit ?? DEFAULT_SIZE_UNIT) > LISTING_SQUARE_FEET_MAX
  ) {
    refuse('size', messages.sizeTooLarge);
  }

  const floored = isOneOf(FLOORED_LISTING_TYPES, type);
  if (type && !floored) {
    if (has('floor')) refuse('floor', messages.floorNotApplicable);
    if (has('totalFloors')) refuse('totalFloors', messages.floorNotApplicable);
  }
  if (floored && has('floor') && !has('totalFloors')) {
    refuse('totalFloors', messages.totalFloorsRequired);
  }
  if (
    floored &&
    typeof facts.floor === 'number' &&
    typeof facts.totalFloors === 'number' &&
    facts.floor > facts.totalFloors
  ) {
    refuse('floor', messages.floorAboveTotal);
  }

  if (isPlot && has('completion')) refuse('completion', messages.completionOnPlot);
  if (type && !isPlot && !has('completion')) refuse('completion', messages.completionRequired);
  if (facts.completion === 'under_construction' && !has('handoverMonth')) {
    refuse('handoverMonth', messages.handoverRequired);
  }
  if (facts.completion !== 'under_construction' && has('handoverMonth')) {
    refuse('handoverMonth', messages.handoverOnReady);
  }

  if (isPlot && has('furnishing')) refuse('furnishing', messages.furnishingOnPlot);
  if (isPlot && (facts.amenities?.length ?? 0) > 0) {
    refuse('amenities', messages.amenitiesOnPlot);
  }
  return issues;
}

/**
 * `listingFactsIssues` as a zod check, each issue on its field, for any schema spreading the
 * shape. It runs even when a field failed on its own (zod skips checks after such a failure
 * by default), so one answer names every wrong field; a failed field counts as not given
 * and keeps its own message alone.
 */
export const listingFactsRules = z.check<Partial<ListingFactsInput>>(
  (payload) => {
    if (typeof payload.value !== 'object' || payload.value === null) return;
    // Issues raised at the object itself (unknown keys) have no path yet.
    const failed = new Set(payload.issues.map((issue) => issue.path?.[0]));
    const parsed = Object.fromEntries(
      Object.entries(payload.value).filter(([field]) => !failed.has(field)),
    ) as Partial<ListingFactsInput>;
    const anyRefused = STATING_FIELDS.some((field) => failed.has(field));
    for (const issue of listingFactsIssues(parsed, anyRefused)) {
      // A field already refused keeps its own message alone.
      if (failed.has(issue.field)) continue;
      payload.issues.push({
        code: 'custom',
        message: issue.message,
        path: [issue.field],
        input: payload.value,
      });
    }
  },
  { when: () => true },
);

/** The facts of the add/update property form, with every rule between them. */
export const ListingFactsInputSchema = z.strictObject(listingFactsShape).check(listingFactsRules);

// ── What is stored and shown ────────────────────────────────────────────────────────────

export const ListingSizeSchema = z.object({
  value: z.number(),
  unit: SizeUnitSchema,
  /** The canonical figure every filter and sort uses. */
  squareFeet: z.number(),
});
export type ListingSize = z.infer<typeof ListingSizeSchema>;

/**
 * A listing's facts as the API answers. `null` means "not stated": listings added before
 * facts existed have every fact null until their agent completes them, and a fact that does
 * not apply to the type (bedrooms of a plot) is null too. The UI shows a fact that applies
 * but is null as "not stated" (`factApplies`).
 */
export const ListingFactsSchema = z.object({
  type: z.nullable(ListingTypeSchema),
  bedrooms: z.nullable(z.int()),
  bathrooms: z.nullable(z.int()),
  size: z.nullable(ListingSizeSchema),
  floor: z.nullable(z.int()),
  totalFloors: z.nullable(z.int()),
  facing: z.nullable(FacingSchema),
  completion: z.nullable(CompletionStatusSchema),
  handoverMonth: z.nullable(z.string()),
  furnishing: z.nullable(FurnishingSchema),
  amenities: z.nullable(z.array(AmenitySchema)),
});
export type ListingFacts = z.infer<typeof ListingFactsSchema>;

/** What a property card shows of the facts: enough to shortlist from. */
export const ListingCardFactsSchema = z.pick(ListingFactsSchema, {
  type: true,
  bedrooms: true,
  bathrooms: true,
  size: true,
});
export type ListingCardFacts = z.infer<typeof ListingCardFactsSchema>;

/** The facts of a listing that existed before facts did: every one not stated. */
export const NOT_STATED_FACTS: ListingFacts = Object.freeze({
  type: null,
  bedrooms: null,
  bathrooms: null,
  size: null,
  floor: null,
  totalFloors: null,
  facing: null,
  completion: null,
  handoverMonth: null,
  furnishing: null,
  amenities: null,
});

/**
 * The stored facts of what an agent submitted: the canonical size computed, the unit kept.
 * Null when the form states no fact (the rules require type and size once any is stated).
 */
export function listingFactsOf(input: ListingFactsInput): ListingFacts | null {
  if (input.type === undefined || input.size === undefined) return null;
  return {
    type: input.type,
    bedrooms: input.bedrooms ?? null,
    bathrooms: input.bathrooms ?? null,
    size: {
      value: input.size,
      unit: input.sizeUnit,
      squareFeet: squareFeetOf(input.size, input.sizeUnit),
    },
    floor: input.floor ?? null,
    totalFloors: input.totalFloors ?? null,
    facing: input.facing ?? null,
    completion: input.completion ?? null,
    handoverMonth: input.handoverMonth ?? null,
    furnishing: input.furnishing ?? null,
    amenities: input.amenities,
  };
}

export type ListingFactName = Exclude<keyof ListingFacts, 'type'>;

/**
 * Whether a fact belongs on a listing of this type, so a page shows it (as "not stated" when
 * null) or leaves it out (a plot's bedrooms). With the type not stated, every fact applies.
 */
export function factApplies(type: ListingType | null, fact: ListingFactName): boolean {
  if (type === null) return true;
  switch (fact) {
    case 'floor':
    case 'totalFloors':
      return isOneOf(FLOORED_LISTING_TYPES, type);
    case 'handoverMonth':
    case 'bedrooms':
    case 'bathrooms':
    case 'completion':
    case 'furnishing':
    case 'amenities':
      return type !== 'plot';
    case 'size':
    case 'facing':
      return true;
  }
}
