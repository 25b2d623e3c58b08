import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type I18n, I18nProvider, loadSavedLocale, useI18n } from './i18n-provider.tsx';

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

  it('opens a ?lang=bn link in Bangla over a saved English, and keeps the address true when the reader switches back', async () => {
    localStorage.setItem('basha.locale', 'en');
    history.replaceState(null, '', '/allproperties?location=Gulshan&lang=bn');
    await loadSavedLocale();
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('বাসা-য় স্বাগতম')).toBeVisible();
    expect(localStorage.getItem('basha.locale')).toBe('bn');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Welcome to Basha')).toBeVisible();
    expect(`${location.pathname}${location.search}`).toBe('/allproperties?location=Gulshan');
    history.replaceState(null, '', '/');
  });
});

function ServerAnswer({ message }: { message: Parameters<I18n['serverText']>[0] }) {
  const { serverText, locale, setLocale } = useI18n();
  return (
    <>
      <p>{serverText(message)}</p>
      <button type="button" onClick={() => setLocale(locale === 'en' ? 'bn' : 'en')}>
        switch
      </button>
    </>
  );
}

describe('serverText', () => {
  it('translates a message by its code and params, whatever its English says', async () => {
    render(
      <I18nProvider>
        <ServerAnswer
          message={{
            text: 'Some older wording of the sentence.',
            code: 'multipart.unexpectedFile',
            params: { field: 'resume' },
          }}
        />
      </I18nProvider>,
    );
    expect(screen.getByText('Unexpected file field "resume".')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('অপ্রত্যাশিত ফাইলের ঘর "resume"।')).toBeVisible();
  });

  it('shows the English of a message without a code, in either language', async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    render(
      <I18nProvider>
        <ServerAnswer message={{ text: 'Your card was declined by the issuer.' }} />
      </I18nProvider>,
    );
    expect(screen.getByText('Your card was declined by the issuer.')).toBeVisible();
  });

  it("translates a domain text the browser produced itself by the text's code", async () => {
    localStorage.setItem('basha.locale', 'bn');
    await loadSavedLocale();
    render(
      <I18nProvider>
        <ServerAnswer message="Please log in to continue." />
      </I18nProvider>,
    );
    expect(screen.getByText('চালিয়ে যেতে লগইন করুন।')).toBeVisible();
  });
});
