import { childrenOf, DIVISIONS, type ListingPlace, placeName } from '@basha/domain';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** The form fields of the structured location, named as the API reads them (ADR 29). */
export const PLACE_FIELDS = ['division', 'district', 'area'] as const;
export type PlaceField = (typeof PLACE_FIELDS)[number];

/** A listing's place as the form's starting values; a place to complete is blank. */
export function placeFormValues(place: ListingPlace): Record<PlaceField, string> {
  return {
    division: place?.division ?? '',
    district: place?.district ?? '',
    area: place?.area ?? '',
  };
}

export type ListingPlaceFieldsProps = {
  register: (field: PlaceField) => UseFormRegisterReturn;
  /** The chosen division and district: each narrows the list after it. */
  division: string | undefined;
  district: string | undefined;
  /** Empties a choice that no longer sits under the one before it. */
  clear: (field: 'district' | 'area') => void;
  errorOf: (field: PlaceField) => string | undefined;
};

/**
 * Division → district → area, from the catalog the app ships, named in the reader's
 * language. Changing a division or district empties the choices under it.
 */
export function ListingPlaceFields({
  register,
  division,
  district,
  clear,
  errorOf,
}: ListingPlaceFieldsProps) {
  const { t, locale } = useI18n();
  const legendId = useId();
  const districts = division ? childrenOf('division', division) : [];
  const areas = district ? childrenOf('district', district) : [];
  const divisionField = register('division');
  const districtField = register('district');

  return (
    <fieldset aria-labelledby={legendId} className="flex min-w-0 flex-col gap-4">
      <legend id={legendId} className="text-lg font-semibold text-slate-900">
        {t('placeForm.legend')}
      </legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          label={t('placeForm.division')}
          error={errorOf('division')}
          {...divisionField}
          onChange={(event) => {
            clear('district');
            clear('area');
            return divisionField.onChange(event);
          }}
        >
          <option value="">{t('factsForm.choose')}</option>
          {DIVISIONS.map((place) => (
            <option key={place.id} value={place.id}>
              {placeName(place, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('placeForm.district')}
          error={errorOf('district')}
          disabled={districts.length === 0}
          {...districtField}
          onChange={(event) => {
            clear('area');
            return districtField.onChange(event);
          }}
        >
          <option value="">{t('factsForm.choose')}</option>
          {districts.map((place) => (
            <option key={place.id} value={place.id}>
              {placeName(place, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('placeForm.area')}
          error={errorOf('area')}
          disabled={areas.length === 0}
          {...register('area')}
        >
          <option value="">{t('placeForm.noArea')}</option>
          {areas.map((place) => (
            <option key={place.id} value={place.id}>
              {placeName(place, locale)}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
