import { afterEach, describe, expect, it, vi } from 'vitest';
import { aListingDetails } from '../../../../testing/listings.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createListing } from './create-listing.ts';
import type { SaveListingInput } from './listing-form-data.ts';

const details = aListingDetails({
  title: 'Flat in Mirpur',
  location: 'Mirpur 10, Dhaka',
  price: { min: 5000, max: 5100 },
  status: 'pending',
});

/** Enough of XMLHttpRequest to play back one upload: progress events, then the answer. */
function fakeXhr(status: number, body: unknown) {
  const sent: { method?: string; url?: string; body?: unknown; withCredentials?: boolean } = {};
  class FakeXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    responseText = '';
    withCredentials = false;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    send(payload: unknown) {
      sent.body = payload;
      sent.withCredentials = this.withCredentials;
      queueMicrotask(() => {
        for (const loaded of [50, 100]) {
          const event = new ProgressEvent('progress', {
            lengthComputable: true,
            loaded,
            total: 100,
          });
          this.upload.dispatchEvent(event);
        }
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.dispatchEvent(new Event('load'));
      });
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const input = (onUploadProgress: (fraction: number) => void): SaveListingInput => ({
  fields: {
    title: 'Flat in Mirpur',
    location: 'Mirpur 10, Dhaka',
    description: 'Three bedrooms.',
    priceMin: 5000,
    priceMax: 5100,
    type: 'apartment',
    bedrooms: 3,
    bathrooms: 2,
    size: 1450,
    sizeUnit: 'sqft',
    completion: 'ready',
    amenities: ['lift', 'generator'],
    division: 'dhaka',
    district: 'dhaka',
    area: 'gulshan',
  },
  photos: [{ key: 'listing-photos/7d6f0c52-5a7e-4a57-9d41-2f6f1b7a6a11', caption: 'Lake view' }],
  onUploadProgress,
});

describe('adding a listing with upload progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the multipart form with cookies and reports progress up to 1', async () => {
    const sent = fakeXhr(201, details);
    const progress: number[] = [];
    const created = await createListing(input((fraction) => progress.push(fraction)));
    expect(created.id).toBe(details.id);
    expect(sent).toMatchObject({ method: 'POST', url: '/api/v1/listings', withCredentials: true });
    const form = sent.body as FormData;
    expect(form.get('priceMin')).toBe('5000');
    expect(JSON.parse(String(form.get('photos')))).toEqual([
      { key: 'listing-photos/7d6f0c52-5a7e-4a57-9d41-2f6f1b7a6a11', caption: 'Lake view' },
    ]);
    // The facts and the place travel beside the fields; facts not given are left out.
    expect(form.get('size')).toBe('1450');
    expect(form.get('amenities')).toBe('lift,generator');
    expect(form.get('area')).toBe('gulshan');
    expect(form.has('floor')).toBe(false);
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it('turns a problem answer into an ApiError with the field message', async () => {
    fakeXhr(422, {
      type: 'about:blank',
      title: 'Unprocessable',
      status: 422,
      code: 'VALIDATION',
      detail: 'Some fields are not valid.',
      errors: [{ path: 'priceMin', message: 'Price cannot be a string' }],
    });
    const failure = await createListing(input(() => {})).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(422);
    expect((failure as ApiError).fieldMessage('priceMin')).toBe('Price cannot be a string');
  });
});
