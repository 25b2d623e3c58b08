import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useAddToWishlist } from '../api/add-to-wishlist.ts';
import { useWishlistEntry } from '../api/get-wishlist-entry.ts';

/**
 * The details page's 'Add To Wishlist': enabled only for a user whose wishlist does not
 * hold the property yet; on success it toasts and goes to the wishlist.
 */
export function AddToWishlistButton({ listingId }: { listingId: string }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const hintId = useId();
  const me = useMe();
  const isUser = me.data?.role === 'user';
  const entry = useWishlistEntry(listingId, isUser);
  const add = useAddToWishlist();
  // Set when the server says the property is already there (added meanwhile, in another tab).
  const [alreadyThere, setAlreadyThere] = useState(false);

  const onWishlist = alreadyThere || entry.data != null;
  const disabled = !isUser || onWishlist || entry.isPending;

  const addToWishlist = () =>
    add.mutate(listingId, {
      onSuccess: () => {
        notify.success(t('wishlist.added'));
        navigate(paths.dashboard.wishlist);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setAlreadyThere(true);
        notify.error(error);
      },
    });

  const hint = !me.data
    ? null
    : !isUser
      ? t('wishlist.usersOnly')
      : onWishlist
        ? t('wishlist.onWishlist')
        : null;

  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        onClick={addToWishlist}
        disabled={disabled}
        busy={add.isPending}
        aria-describedby={hint ? hintId : undefined}
      >
        {t('wishlist.add')}
      </Button>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}{' '}
          {onWishlist ? (
            <Link
              to={paths.dashboard.wishlist}
              className="font-semibold text-emerald-800 underline"
            >
              {t('wishlist.viewWishlist')}
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
