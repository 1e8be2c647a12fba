/**
 * STORAGE_URL: where uploaded and generated files live when they are not on this server's disk.
 *
 *   s3://bucket/optional/prefix?endpoint=http://127.0.0.1:4569&region=eu-south-1&forcePathStyle=true
 *
 * The bucket is the host, the path (if any) a prefix put before every key. The query may name the
 * `endpoint` of an S3-compatible store (MinIO, Ceph, a cloud's S3 API; unset: AWS S3 itself), its
 * `region` and `forcePathStyle` (`true` addresses the bucket in the path, `http://host/bucket/key`,
 * as most self-hosted stores want; unset, it is on whenever an endpoint is named). Credentials never
 * go in the URL: the SDK's default chain reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (or a role).
 *
 * Parsed here, with no SDK loaded, so config.ts refuses a bad value at once.
 */
export interface S3Location {
  bucket: string;
  /** '' or a prefix ending in '/', e.g. 'rexer/'. */
  prefix: string;
  /** The store's base URL; undefined: AWS S3. */
  endpoint: string | undefined;
  /** undefined: the SDK's chain (AWS_REGION), else us-east-1 for a named endpoint. */
  region: string | undefined;
  forcePathStyle: boolean;
}

/** A bucket name as S3 allows it: 3-63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

const EXAMPLE = 's3://bucket/prefix?endpoint=https://s3.example.org&region=eu-south-1';

/** Reads a STORAGE_URL; throws an Error whose message says what is wrong (without echoing the value). */
export function parseStorageUrl(value: string): S3Location {
  if (!/^s3:\/\//i.test(value) || !URL.canParse(value)) throw new Error(`must be an s3:// URL such as ${EXAMPLE}`);
  const url = new URL(value);
  if (url.username || url.password)
    throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  if (url.port) throw new Error('names the bucket as its host, with no port: put the port in endpoint=');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    throw new Error(
      `must name a bucket as its host (3-63 lowercase letters, digits, dots and hyphens), as in ${EXAMPLE}`,
    );
  const segments = decodeURIComponent(url.pathname)
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..' || !PREFIX_SEGMENT.test(segment)))
    throw new Error('has a prefix (its path) that is not made of letters, digits, dots, hyphens and underscores');
  if (url.hash) throw new Error('must not have a #fragment');
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name))
      throw new Error(`has an unknown parameter ${JSON.stringify(name)} (known: endpoint, region, forcePathStyle)`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !(/^https?:\/\/[^/]/i.test(endpoint) && URL.canParse(endpoint)))
    throw new Error('has an endpoint= that is not an http:// or https:// URL');
  if (endpoint !== undefined) {
    const parsed = new URL(endpoint);
    // Credentials come from the SDK's chain, never from the URL (it is printed in the start log).
    if (parsed.username || parsed.password)
      throw new Error(
        'has a user or password in endpoint=: give credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
      );
    if (parsed.search || parsed.hash) throw new Error('has a query or fragment in endpoint=: name the store only');
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !REGION.test(region))
    throw new Error('has a region= that is not a region name such as eu-south-1');
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error('has a forcePathStyle= that is neither true nor false');
  return {
    bucket,
    prefix: segments.length > 0 ? `${segments.join('/')}/` : '',
    endpoint: endpoint?.replace(/\/+$/, ''),
    region,
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
  };
}

/** How the start log names a location: no credentials are ever in it. */
export function describeS3Location(location: S3Location): string {
  return `s3://${location.bucket}/${location.prefix} at ${location.endpoint ?? 'AWS S3'}${
    location.region ? ` (${location.region})` : ''
  }`;
}
