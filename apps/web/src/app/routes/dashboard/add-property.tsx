import { listingMessages } from '@basha/domain';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useCreateListing } from '../../../features/listings/api/create-listing.ts';
import { ListingForm } from '../../../features/listings/components/listing-form.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';

export default function AddPropertyPage() {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const me = useMe();
  const create = useCreateListing();
  return (
    <div className="flex flex-col gap-6 rounded-lg bg-white p-6 shadow-sm">
      <div className="flex flex-col gap-1">
        <PageHeading>{t('listingForm.addTitle')}</PageHeading>
        <p className="text-sm text-slate-700">{t('listingForm.pendingNote')}</p>
      </div>
      <ListingForm
        mode="add"
        blocked={me.data?.fraud ? serverText(listingMessages.fraudAgent) : undefined}
        blockedLabel={t('listingForm.fraudButton')}
        save={create.mutateAsync}
        onSaved={() => {
          notify.success(t('listingForm.added'));
          navigate(paths.dashboard.addedProperties);
        }}
      />
    </div>
  );
}
