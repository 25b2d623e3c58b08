import type { Readable } from 'node:stream';
import type { S3MediaConfig } from '../config.ts';
import {
  assertSafeMediaKey,
  contentTypeOfKey,
  isSafeMediaKey,
  MEDIA_CACHE_CONTROL,
  type MediaStorage,
  mediaKeyOf,
  mediaUrlOf,
} from './storage.ts';

/**
 * Media as objects in one bucket of any S3-compatible store (AWS S3, MinIO, Ceph, R2…),
 * keyed exactly like the disk store's files. The bucket stays private: browsers get the
 * objects through the API's /media route (ADR 14).
 */
export async function createS3Storage(
  config: S3MediaConfig,
): Promise<MediaStorage & { close(): void }> {
  // On Node 20 the SDK warns at its first client that its releases after early January 2027
  // need Node 22. The installed release runs on Node 20, which Basha supports while machines
  // here ship it; the README says so ("Run it"). The SDK's documented switch
  // (aws/aws-sdk-js-v3#7983) silences it, unless the operator set the switch themselves.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Loaded only where media live in a bucket: the SDK's 1 800 files cost every start of the
  // API about 0.23 s of CPU, most of them with media on disk.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    NoSuchKey,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the
    // SDK's newer default (CRC32 on every upload) or its chunked trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    async put(key, bytes, contentType) {
      assertSafeMediaKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // For anyone reading the bucket directly (a CDN in front of it); /media sets its own.
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async read(key) {
      assertSafeMediaKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          // In Node the SDK's body is the response's IncomingMessage: a Readable.
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOfKey(key),
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? `"${key}"`,
          lastModified: object.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeMediaKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isSafeMediaKey(object.Key)) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    urlOf: mediaUrlOf,
    keyOf: mediaKeyOf,
    close: () => client.destroy(),
  };
}
