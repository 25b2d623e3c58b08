import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // sonner keeps toasts in a module-wide store and replays the active ones to the next
  // Toaster: without this, a test would see the toasts of the test before it.
  toast.dismiss();
});

// sonner shows a new toast at opacity 0 until an effect marks it mounted, for its entrance
// animation: a test that has just found the toast's text could look in between (it did once,
// on a loaded machine). Here a toast is shown as soon as it is added; a dismissed one, or
// one hidden behind others, is still hidden (those rules match mounted toasts).
const toastsShownAtOnce = document.createElement('style');
toastsShownAtOnce.textContent = '[data-sonner-toast][data-mounted=false]{opacity:1}';
document.head.append(toastsShownAtOnce);

// A stray console.error (React warnings included) is a bug: fail the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});

// jsdom has no <dialog> methods; the browser's are what we rely on in production.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};
