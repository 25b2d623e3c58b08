import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3MediaConfig } from '../src/config.ts';
import { createS3Storage } from '../src/media/s3-storage.ts';

export type TestS3 = {
  /** The settings an API process would be started with to use this store. */
  env: Record<string, string>;
  config: S3MediaConfig;
  /** Every key in the bucket, sorted. */
  bucketKeys(): Promise<string[]>;
  close(): Promise<void>;
};

const BUCKET = 'basha-media';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over files, signatures checked) on
 * loopback, with an empty bucket, as a deployment's object store would be.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const env = {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    // s3rver's built-in account.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const config: S3MediaConfig = {
    store: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  const reader = await createS3Storage(config);
  return {
    env,
    config,
    bucketKeys: async () => {
      const keys: string[] = [];
      for await (const key of reader.keys()) keys.push(key);
      return keys.sort();
    },
    close: async () => {
      reader.close();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
