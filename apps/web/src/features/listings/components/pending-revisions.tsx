import {
  type PendingRevision,
  REJECTION_REASON_MAX,
  type RevisionChange,
  type RevisionValue,
} from '@basha/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import {
  useApproveRevision,
  useListingRevision,
  usePendingRevisions,
  useRejectRevision,
} from '../api/listing-revisions.ts';
import { revisionValueText } from '../revision-value-text.ts';
import { revisionFieldLabelKey } from './revision-field-label.ts';

/** Manage Properties: edits of verified listings waiting for review, beside the new listings. */
export function PendingRevisions() {
  const { t, number } = useI18n();
  const revisions = usePendingRevisions();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="pending-revisions"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm"
    >
      <h2 id="pending-revisions" className="text-xl font-bold text-slate-900">
        {t('revision.queueTitle')}
      </h2>
      <QueryState query={revisions}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-700">{t('revision.queueEmpty')}</p>
          ) : (
            <>
              <p className="text-slate-700">
                {t('revision.queueCount', { count: number(items.length) })}
              </p>
              <ul className="flex flex-col gap-3">
                {items.map((revision) => (
                  <li key={revision.id} className="rounded-md border border-slate-200 p-3">
                    <PendingRevisionItem
                      revision={revision}
                      open={openId === revision.id}
                      onToggle={() =>
                        setOpenId((open) => (open === revision.id ? null : revision.id))
                      }
                    />
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function PendingRevisionItem({
  revision,
  open,
  onToggle,
}: {
  revision: PendingRevision;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, date } = useI18n();
  const fieldLabel = useFieldLabel();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{revision.listing.title}</h3>
          <p className="text-sm text-slate-700">
            {t('revision.submittedBy', {
              agent: revision.agent?.name ?? '—',
              date: date(revision.submittedAt),
            })}
          </p>
          <p className="text-sm text-slate-700">
            {t('revision.changedFields', {
              fields: revision.changedFields.map(fieldLabel).join(', '),
            })}
          </p>
        </div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-label={open ? undefined : t('revision.openLabel', { title: revision.listing.title })}
          onClick={onToggle}
        >
          {open ? t('revision.close') : t('revision.open')}
        </Button>
      </div>
      {open ? (
        <RevisionReview id={revision.id} title={revision.listing.title} onDone={onToggle} />
      ) : null}
    </div>
  );
}

/** The diff, old → new per field, and the decision: approve, or reject with a reason. */
function RevisionReview({ id, title, onDone }: { id: string; title: string; onDone: () => void }) {
  const { t } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const revision = useListingRevision(id);
  const approve = useApproveRevision();
  const reject = useRejectRevision();
  const reasonId = useId();
  const [reason, setReason] = useState('');

  const decide = async (decision: 'approve' | 'reject') => {
    const confirmed = await dialogs.confirm(
      decision === 'approve'
        ? {
            title: t('revision.approveTitle'),
            text: t('revision.diffCaption', { title }),
            confirmLabel: t('revision.approveConfirm'),
          }
        : {
            title: t('revision.rejectTitle'),
            text: reason.trim(),
            confirmLabel: t('revision.rejectConfirm'),
            tone: 'danger',
          },
    );
    if (!confirmed) return;
    try {
      if (decision === 'approve') await approve.mutateAsync(id);
      else await reject.mutateAsync({ id, reason });
      notify.success(
        t(decision === 'approve' ? 'revision.approved' : 'revision.rejectedDone', { title }),
      );
      onDone();
    } catch (error) {
      // 409: another admin decided first, or the agent edited again; the queue refreshes.
      notify.error(error);
    }
  };

  return (
    <QueryState query={revision}>
      {(found) => (
        <div className="flex flex-col gap-4">
          <RevisionDiff title={title} changes={found.changes} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Button busy={approve.isPending} onClick={() => decide('approve')}>
              {t('revision.approve')}
            </Button>
            <div className="flex flex-1 flex-col gap-1">
              <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
                {t('revision.reason')}
              </label>
              <textarea
                id={reasonId}
                rows={2}
                required
                maxLength={REJECTION_REASON_MAX}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
              />
            </div>
            <Button
              variant="danger"
              busy={reject.isPending}
              disabled={reason.trim() === ''}
              onClick={() => decide('reject')}
            >
              {t('revision.rejectSubmit')}
            </Button>
          </div>
        </div>
      )}
    </QueryState>
  );
}

export function RevisionDiff({ title, changes }: { title: string; changes: RevisionChange[] }) {
  const { t } = useI18n();
  const fieldLabel = useFieldLabel();
  return (
    // On a phone the three columns share its width rather than scroll: the values' long
    // words may break anywhere, the fields' names only between words (broken anywhere too,
    // the name column shrank to a letter or two: "Mi/ni/m/um").
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm [overflow-wrap:anywhere] sm:min-w-[32rem]">
        <caption className="mb-2 text-left font-semibold text-slate-900">
          {t('revision.diffCaption', { title })}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="py-2 pr-3 [overflow-wrap:normal]">
              {t('revision.colField')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('revision.colCurrent')}
            </th>
            <th scope="col" className="py-2">
              {t('revision.colProposed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-b border-slate-200 align-top">
              <th
                scope="row"
                className="py-2 pr-3 font-medium text-slate-900 [overflow-wrap:normal]"
              >
                {fieldLabel(change.field)}
              </th>
              <td className="py-2 pr-3 text-slate-700">
                <DiffValue
                  field={change.field}
                  value={change.from}
                  photoAlt={t('revision.currentPhoto')}
                />
              </td>
              <td className="py-2 font-medium text-slate-900">
                <DiffValue
                  field={change.field}
                  value={change.to}
                  photoAlt={t('revision.proposedPhoto')}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A field's value: photos as thumbnails, every other value in the reader's words. */
function DiffValue({
  field,
  value,
  photoAlt,
}: {
  field: string;
  value: RevisionValue;
  photoAlt: string;
}) {
  const i18n = useI18n();
  const { t, number } = i18n;
  if (value === null || value === '') return <>{t('revision.nothing')}</>;
  if (typeof value !== 'object' || value.every((item) => typeof item === 'string')) {
    const text = revisionValueText(field, value as string | number | boolean | string[], i18n);
    return <span className="whitespace-pre-line">{text}</span>;
  }
  return (
    <div className="flex flex-wrap gap-2">
      {value.map((photo, index) =>
        typeof photo === 'string' ? null : (
          <img
            key={photo.url}
            src={photo.url}
            srcSet={photo.srcset}
            sizes="80px"
            alt={t('revision.photoAlt', { label: photoAlt, number: number(index + 1) })}
            width={80}
            height={Math.round((80 * photo.height) / photo.width)}
            loading="lazy"
            className="h-auto w-20 rounded object-cover"
          />
        ),
      )}
    </div>
  );
}

function useFieldLabel() {
  const { t } = useI18n();
  return (field: string) => {
    const key = revisionFieldLabelKey(field);
    return key ? t(key) : field;
  };
}
