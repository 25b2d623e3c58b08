import {
  AMENITIES,
  COMPLETION_STATUSES,
  FACINGS,
  FURNISHINGS,
  factApplies,
  LISTING_TYPES,
  type ListingFactName,
  type ListingFacts,
  type ListingType,
  SIZE_UNITS,
} from '@basha/domain';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** The form fields of the facts, named as the API reads them (ADR 29). */
export const FACT_FIELDS = [
  'type',
  'bedrooms',
  'bathrooms',
  'size',
  'sizeUnit',
  'floor',
  'totalFloors',
  'facing',
  'completion',
  'handoverMonth',
  'furnishing',
  'amenities',
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

/** A listing's stored facts as the form's starting values; not stated is blank. */
export function factFormValues(facts: ListingFacts): Record<FactField, string | string[]> {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    type: text(facts.type),
    bedrooms: text(facts.bedrooms),
    bathrooms: text(facts.bathrooms),
    size: text(facts.size?.value ?? null),
    sizeUnit: facts.size?.unit ?? 'sqft',
    floor: text(facts.floor),
    totalFloors: text(facts.totalFloors),
    facing: text(facts.facing),
    completion: text(facts.completion),
    handoverMonth: text(facts.handoverMonth),
    furnishing: text(facts.furnishing),
    amenities: [...(facts.amenities ?? [])],
  };
}

export type ListingFactsFieldsProps = {
  register: (field: FactField) => UseFormRegisterReturn;
  /** The chosen type and completion: they decide which other facts the form asks for. */
  type: string | undefined;
  completion: string | undefined;
  errorOf: (field: FactField) => string | undefined;
};

/**
 * The facts of the add/update form. Only the facts that apply to the chosen type are shown
 * (as the domain's `factApplies` says; the server decides), so a plot is never asked for
 * bedrooms; a field that is hidden is not sent.
 */
export function ListingFactsFields({
  register,
  type,
  completion,
  errorOf,
}: ListingFactsFieldsProps) {
  const { t } = useI18n();
  const legendId = useId();
  const chosen = (LISTING_TYPES as readonly string[]).includes(type ?? '')
    ? (type as ListingType)
    : null;
  const shows = (fact: ListingFactName) => chosen !== null && factApplies(chosen, fact);
  const optional = (label: string) => t('factsForm.optional', { label });
  const choose = <option value="">{t('factsForm.choose')}</option>;
  const notStated = <option value="">{t('facts.notStated')}</option>;
  const amenitiesError = errorOf('amenities');

  return (
    <fieldset aria-labelledby={legendId} className="flex min-w-0 flex-col gap-4">
      <legend id={legendId} className="text-lg font-semibold text-slate-900">
        {t('factsForm.legend')}
      </legend>
      <SelectField label={t('facts.label.type')} error={errorOf('type')} {...register('type')}>
        {choose}
        {LISTING_TYPES.map((option) => (
          <option key={option} value={option}>
            {t(`facts.type.${option}`)}
          </option>
        ))}
      </SelectField>
      {shows('bedrooms') ? (
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('facts.label.bedrooms')}
            inputMode="numeric"
            error={errorOf('bedrooms')}
            {...register('bedrooms')}
          />
          <TextField
            label={t('facts.label.bathrooms')}
            inputMode="numeric"
            error={errorOf('bathrooms')}
            {...register('bathrooms')}
          />
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('facts.label.size')}
          inputMode="decimal"
          hint={chosen === 'plot' ? t('factsForm.sizeHint') : t('facts.unit.sqft')}
          error={errorOf('size')}
          {...register('size')}
        />
        {chosen === 'plot' ? (
          <SelectField
            label={t('factsForm.sizeUnit')}
            error={errorOf('sizeUnit')}
            {...register('sizeUnit')}
          >
            {SIZE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`facts.unit.${unit}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      {shows('floor') ? (
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={optional(t('facts.label.floor'))}
            inputMode="numeric"
            hint={t('factsForm.floorHint')}
            error={errorOf('floor')}
            {...register('floor')}
          />
          <TextField
            label={optional(t('factsForm.totalFloors'))}
            inputMode="numeric"
            error={errorOf('totalFloors')}
            {...register('totalFloors')}
          />
        </div>
      ) : null}
      {chosen !== null ? (
        <SelectField
          label={optional(t('facts.label.facing'))}
          error={errorOf('facing')}
          {...register('facing')}
        >
          {notStated}
          {FACINGS.map((facing) => (
            <option key={facing} value={facing}>
              {t(`facts.facing.${facing}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {shows('completion') ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label={t('facts.label.completion')}
            error={errorOf('completion')}
            {...register('completion')}
          >
            {choose}
            {COMPLETION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`facts.completion.${status}`)}
              </option>
            ))}
          </SelectField>
          {completion === 'under_construction' ? (
            <TextField
              label={t('factsForm.handoverMonth')}
              type="month"
              placeholder="2027-06"
              error={errorOf('handoverMonth')}
              {...register('handoverMonth')}
            />
          ) : null}
        </div>
      ) : null}
      {shows('furnishing') ? (
        <SelectField
          label={optional(t('facts.label.furnishing'))}
          error={errorOf('furnishing')}
          {...register('furnishing')}
        >
          {notStated}
          {FURNISHINGS.map((furnishing) => (
            <option key={furnishing} value={furnishing}>
              {t(`facts.furnishing.${furnishing}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {shows('amenities') ? (
        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={amenitiesError ? `${legendId}-amenities-error` : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">
            {optional(t('facts.label.amenities'))}
          </legend>
          <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3">
            {AMENITIES.map((amenity) => (
              <label key={amenity} className="flex items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  value={amenity}
                  className="size-4 accent-emerald-700"
                  {...register('amenities')}
                />
                {t(`facts.amenity.${amenity}`)}
              </label>
            ))}
          </div>
          {amenitiesError ? (
            <p id={`${legendId}-amenities-error`} className="text-sm text-red-700">
              {amenitiesError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
