import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LISTING_PHOTO_WIDTHS, photoMessages } from '@basha/domain';
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
    expect(notAnImage.json().detail).toBe(photoMessages.notAnImage);
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

describe('the S3 client on a Node the AWS SDK will stop supporting (Node 20)', () => {
  it('starts without the SDK’s NodeVersionSupportWarning, and shows it when asked to', () => {
    // In a process of its own: the SDK warns once per process, at its first client.
    const start = (env: Record<string, string>) =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { createS3Storage } = await import('./src/media/s3-storage.ts');
           (await createS3Storage({ endpoint: 'http://127.0.0.1:9', region: 'local', bucket: 'b',
             accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true })).close();`,
        ],
        {
          cwd: path.join(import.meta.dirname, '../..'),
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', ...env },
        },
      );
    const quiet = start({});
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).not.toContain('NodeVersionSupportWarning');
    // An operator who wants the SDK's notice back sets its own switch to false.
    if (Number(process.versions.node.split('.')[0]) < 22) {
      const told = start({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'false' });
      expect(told.stderr).toContain('NodeVersionSupportWarning');
    }
  });
});
