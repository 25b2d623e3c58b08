import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const s3Settings = {
  MEDIA_STORAGE: 's3',
  S3_REGION: 'ap-south-1',
  S3_BUCKET: 'basha-media',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};
const REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

describe('media storage configuration', () => {
  it('keeps media on disk under DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/basha' }).media).toEqual({
      store: 'disk',
      root: path.resolve('/srv/basha/media'),
    });
  });

  it('selects an S3 bucket, AWS itself unless an endpoint is given, virtual-host style by default', () => {
    expect(loadConfig(s3Settings).media).toEqual({
      store: 's3',
      endpoint: undefined,
      region: 'ap-south-1',
      bucket: 'basha-media',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...s3Settings,
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }).media,
    ).toMatchObject({ endpoint: 'http://minio.internal:9000', forcePathStyle: true });
  });

  it.each(REQUIRED)('refuses to boot with MEDIA_STORAGE=s3 but no %s, naming it', (name) => {
    const env: Record<string, string> = { ...s3Settings };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: is required when MEDIA_STORAGE=s3$`),
    );
  });

  it('names every missing setting at once, and an empty value counts as missing', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: '' })).toThrow(
      /S3_REGION: .*\n {2}S3_BUCKET: .*\n {2}S3_ACCESS_KEY_ID: .*\n {2}S3_SECRET_ACCESS_KEY: /,
    );
  });

  it('refuses an unknown store, an endpoint that is not a URL and a bad path-style flag', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(
      /MEDIA_STORAGE: expected disk or s3/,
    );
    expect(() => loadConfig({ ...s3Settings, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: expected an http\(s\):\/\/ URL/,
    );
    expect(() => loadConfig({ ...s3Settings, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE: expected true or false/,
    );
  });

  it('ignores the S3 settings while media stays on disk', () => {
    expect(loadConfig({ S3_BUCKET: 'basha-media' }).media.store).toBe('disk');
  });
});
