import type { ListingCardFacts, ListingDetails, ManagedListing } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { cardFactParts, listingFactRows, structuredLocationText } from '../listing-facts-format.ts';

/**
 * The details page's facts: every fact that applies to the type, "Not stated" where one is
 * missing, the derived price per square foot, and the structured place, in the reader's
 * language and digits.
 */
export function ListingFactsSection({ listing }: { listing: ListingDetails }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows = listingFactRows(listing.facts, listing.price, i18n);
  const place = structuredLocationText(listing.place, i18n) ?? t('facts.notStated');
  return (
    <section aria-labelledby="listing-facts" className="flex flex-col gap-2">
      <h2 id="listing-facts" className="text-xl font-bold text-slate-900">
        {t('facts.heading')}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('facts.place')}</dt>
        <dd>{place}</dd>
        {rows.map((row) => (
          <div key={row.fact} className="contents">
            <dt className="font-semibold">{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A card's line of facts: "Apartment/Flat · 3 bed · 2 bath · 1,450 sq ft"; none if none stated. */
export function ListingCardFactsLine({ facts }: { facts: ListingCardFacts }) {
  const i18n = useI18n();
  const parts = cardFactParts(facts, i18n);
  if (parts.length === 0) return null;
  return <p className="text-sm text-slate-700">{parts.join(' · ')}</p>;
}

/**
 * Asks the agent to complete a listing from before facts and places existed: the update form
 * requires them (the server does too).
 */
export function CompleteFactsPrompt({ listing }: { listing: ManagedListing }) {
  const { t } = useI18n();
  if (listing.place !== null && listing.facts.type !== null) return null;
  return (
    <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      {listing.place === null ? (
        <strong className="block">{t('facts.placeToComplete')}</strong>
      ) : null}
      {t('facts.completePrompt')}
    </p>
  );
}
