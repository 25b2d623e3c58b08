import fs from 'node:fs/promises';
import path from 'node:path';
import { LISTING_PHOTO_WIDTHS, profilePhotoMessages } from '@basha/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, validFields } from '../../test/listing-test-kit.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../test/test-app.ts';

let s3: TestS3;
let t: TestApp;
let agent: TestAccount;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp(s3.env);
  agent = await createAccount(t, 'agent');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#264653' } })
    .jpeg()
    .toBuffer();

describe('an API process with MEDIA_STORAGE=s3', () => {
  it('keeps a new listing’s photo in the bucket and serves it through /media', async () => {
    const response = await addListing(t, agent, validFields, {
      bytes: await jpeg(1600, 1200),
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(201);
    const key = response
      .json()
      .photo.url.match(/^\/media\/(listing-photos\/[0-9a-f-]+)-1200\.webp$/)?.[1];
    expect(key).toBeDefined();
    expect(await s3.bucketKeys()).toEqual(
      expect.arrayContaining(LISTING_PHOTO_WIDTHS.map((width) => `${key}-${width}.webp`)),
    );
    for (const width of LISTING_PHOTO_WIDTHS) {
      const file = await t.app.inject({ method: 'GET', url: `/media/${key}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(file.rawPayload).metadata();
      expect([metadata.format, metadata.width]).toEqual(['webp', width]);
    }
    // Nothing went to the disk store.
    const onDisk = await fs.readdir(path.join(t.dataDir, 'media')).catch(() => []);
    expect(onDisk).toEqual([]);
  });

  it('keeps the sign-up photo in the bucket too', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: agent.cookie },
    });
    const photoUrl: string = me.json().photoUrl;
    expect(photoUrl).toMatch(/^\/media\/profile-photos\//);
    expect(await s3.bucketKeys()).toContain(photoUrl.slice('/media/'.length));
    const file = await t.app.inject({ method: 'GET', url: photoUrl });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('refuses a photo that is not an image (415) or too large (413), storing nothing', async () => {
    const before = await s3.bucketKeys();
    const notAnImage = await addListing(t, agent, validFields, {
      bytes: Buffer.from('%PDF-1.4 not a picture'),
      name: 'flat.jpg',
      type: 'image/jpeg',
    });
    expect(notAnImage.statusCode).toBe(415);
    expect(notAnImage.json().detail).toBe(profilePhotoMessages.notAnImage);
    const tooLarge = await addListing(t, agent, validFields, {
      bytes: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    const truncated = await addListing(t, agent, validFields, {
      bytes: (await jpeg(800, 600)).subarray(0, 400),
      type: 'image/jpeg',
    });
    expect(truncated.statusCode).toBe(400);
    expect(await s3.bucketKeys()).toEqual(before);
  });
});
