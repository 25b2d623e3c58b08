import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';

export default function AboutPage() {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeading className="mb-4 text-3xl font-bold text-slate-900">
        {t('about.title')}
      </PageHeading>
      <p className="text-slate-700">{t('about.body')}</p>
    </div>
  );
}
