import type { Role } from '@basha/domain';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import type { MessageKey } from '../../lib/i18n/english-catalog.ts';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../lib/paths.ts';
import { Spinner } from '../ui/spinner.tsx';

type MenuLink = { to: string; label: MessageKey };

const commonLinks: MenuLink[] = [
  { to: paths.home, label: 'nav.home' },
  { to: paths.allProperties, label: 'nav.allProperties' },
  { to: paths.dashboard.profile, label: 'dashboard.profile' },
  { to: paths.dashboard.savedSearches, label: 'dashboard.savedSearches' },
  { to: paths.dashboard.emailSettings, label: 'dashboard.emailSettings' },
];

const roleLinks: Record<Role, MenuLink[]> = {
  user: [
    { to: paths.dashboard.wishlist, label: 'dashboard.wishlist' },
    { to: paths.dashboard.messages, label: 'dashboard.messages' },
    { to: paths.dashboard.propertyBought, label: 'dashboard.propertyBought' },
    { to: paths.dashboard.myReviews, label: 'dashboard.myReviews' },
  ],
  agent: [
    { to: paths.dashboard.addProperty, label: 'dashboard.addProperty' },
    { to: paths.dashboard.messages, label: 'dashboard.inbox' },
    { to: paths.dashboard.addedProperties, label: 'dashboard.addedProperties' },
    { to: paths.dashboard.soldProperties, label: 'dashboard.soldProperties' },
    { to: paths.dashboard.requestedProperties, label: 'dashboard.requestedProperties' },
  ],
  admin: [
    { to: paths.dashboard.manageProperties, label: 'dashboard.manageProperties' },
    { to: paths.dashboard.manageUsers, label: 'dashboard.manageUsers' },
    { to: paths.dashboard.manageReviews, label: 'dashboard.manageReviews' },
    { to: paths.dashboard.reportedConversations, label: 'dashboard.reportedConversations' },
    { to: paths.dashboard.payments, label: 'dashboard.payments' },
  ],
};

/** Dashboard frame: side menu (common links + the role's links) beside the page. */
export function DashboardLayout() {
  const { t } = useI18n();
  const me = useMe();
  const links = [...commonLinks, ...(me.data ? roleLinks[me.data.role] : [])];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <nav aria-label={t('dashboard.menu')} className="md:w-60 md:shrink-0">
        <ul className="flex flex-wrap gap-1 rounded-lg bg-emerald-900 p-2 md:flex-col">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-emerald-900' : 'text-white hover:bg-emerald-800'}`
                }
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0 flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
