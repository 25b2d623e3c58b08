import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider, loadSavedLocale, useI18n } from './i18n-provider.tsx';

function Greeting() {
  const { t, money, locale, setLocale } = useI18n();
  return (
    <>
      <p>{t('home.welcome')}</p>
      <p>{money(150000)}</p>
      <button type="button" onClick={() => setLocale(locale === 'en' ? 'bn' : 'en')}>
        switch
      </button>
    </>
  );
}

describe('I18nProvider', () => {
  it('switches to Bangla once its texts have downloaded, and remembers the choice', async () => {
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('Welcome to Basha')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('বাসা-য় স্বাগতম')).toBeVisible();
    expect(screen.getByText('১,৫০,০০০ টাকা')).toBeVisible();
    expect(document.documentElement.lang).toBe('bn');
    expect(localStorage.getItem('basha.locale')).toBe('bn');
  });

  it('starts in the saved language when the app loaded its texts before the first render', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('বাসা-য় স্বাগতম')).toBeVisible();
  });
});
