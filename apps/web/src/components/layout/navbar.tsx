import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useLogOut } from '../../features/auth/api/log-out.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { Dismissable } from '../ui/dismissable.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100'}`;

/** The fixed top bar (70 px): brand, main links, language switch, login or account menu. */
export function Navbar() {
  const { t, locale, setLocale } = useI18n();
  const me = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = me.data ?? null;

  const links = (
    <>
      <NavLink to={paths.home} end className={linkClass}>
        {t('nav.home')}
      </NavLink>
      <NavLink to={paths.allProperties} className={linkClass}>
        {t('nav.allProperties')}
      </NavLink>
      <NavLink to={paths.about} className={linkClass}>
        {t('nav.about')}
      </NavLink>
      {user ? (
        <NavLink to={paths.dashboard.profile} className={linkClass}>
          {t('nav.dashboard')}
        </NavLink>
      ) : null}
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[70px] border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-2 px-4">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            aria-label={t('nav.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              aria-hidden
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Link to={paths.home} className="text-2xl font-extrabold tracking-tight text-emerald-800">
            {t('brand.name')}
          </Link>
        </div>
        <nav aria-label={t('nav.menu')} className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {user ? <NotificationBell /> : null}
          <button
            type="button"
            lang={locale === 'en' ? 'bn' : 'en'}
            aria-label={t('nav.languageLabel')}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
            onClick={() => setLocale(locale === 'en' ? 'bn' : 'en')}
          >
            {t('nav.language')}
          </button>
          {/* A slot of fixed size: the avatar (40 px) or Login (36 px) appears once the
              session is known, without pushing the language switch aside or down (a layout
              shift). */}
          <div className="flex h-10 w-20 items-center justify-end">
            {user ? (
              <AccountMenu name={user.name} photoUrl={user.photoUrl} />
            ) : me.isPending ? null : (
              <Link
                to={paths.login}
                className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
              >
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-nav"
          aria-label={t('nav.menu')}
          className="flex flex-col gap-1 border-b border-slate-200 bg-white px-4 py-2 md:hidden"
          onClick={() => setMenuOpen(false)}
          onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}
        >
          {links}
        </nav>
      ) : null}
    </header>
  );
}

function AccountMenu({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);

  return (
    <Dismissable onDismiss={() => setOpen(false)}>
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t('nav.accountMenu', { name })}
        className="block rounded-full focus-visible:outline-2 focus-visible:outline-emerald-700"
        onClick={() => setOpen((value) => !value)}
      >
        {photoUrl ? (
          <img
            src={photoUrl}
            alt=""
            width={40}
            height={40}
            className="size-10 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-10 items-center justify-center rounded-full bg-emerald-700 font-bold text-white">
            {name[0]}
          </span>
        )}
      </button>
      {open ? (
        <div className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
          <p className="truncate px-1 pb-2 font-semibold text-slate-900">{name}</p>
          <button
            type="button"
            className="w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700"
            onClick={() =>
              logOut.mutate(undefined, {
                onSuccess: () => navigate(paths.home),
                onError: notify.error,
              })
            }
          >
            {t('nav.logout')}
          </button>
        </div>
      ) : null}
    </Dismissable>
  );
}
