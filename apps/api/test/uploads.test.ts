import { PRODUCT_ERROR_NAME } from '@console/domain';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { addOrganizationMember, createCaller, createOrganization, upload, type Caller, type OrganizationFixture } from './support/fixtures';
import { bearer, call, startApi, type TestApi } from './support/harness';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header declaring width x height pixels, with almost no pixel data (a decompression bomb's shape). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function image(format: 'png' | 'jpeg' | 'webp' | 'avif', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c63' } })
    .toFormat(format)
    .toBuffer();
}

async function fetchStored(api: TestApi, url: string): Promise<Response> {
  return fetch(`${api.baseUrl}${new URL(url).pathname}`);
}

describe('profile image uploads', () => {
  let api: TestApi;
  let user: Caller;
  let admin: Caller;
  let organization: OrganizationFixture;

  beforeAll(async () => {
    api = await startApi();
    [user, admin, organization] = await Promise.all([createCaller(api), createCaller(api), createOrganization(api)]);
    await addOrganizationMember(api, admin.id, organization, 'admin');
  });

  afterAll(async () => {
    await api.close();
  });

  it.each(['png', 'jpeg', 'webp', 'avif'] as const)('accepts %s, re-encodes it to WebP and serves it with long cache headers', async (format) => {
    const uploaded = await upload<{ url: string }>(api, '/account/uploadProfileImage', user.token, {
      data: await image(format),
      type: `image/${format}`,
      name: `avatar.${format}`,
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.url).toMatch(/^https?:\/\/.+\/files\/[A-Za-z0-9_-]+\.webp$/);
    const served = await fetchStored(api, uploaded.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('judges by the bytes, not the declared type or name, and bounds the size to 512x512', async () => {
    const png = await image('png', 1200, 600);
    const uploaded = await upload<{ url: string }>(api, '/account/uploadProfileImage', user.token, { data: png, type: 'text/plain', name: 'notes.txt' });
    expect(uploaded.status).toBe(200);
    const metadata = await sharp(Buffer.from(await (await fetchStored(api, uploaded.body.url)).arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 256 });
  });

  it('strips metadata and applies the EXIF orientation', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#39c' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
    const uploaded = await upload<{ url: string }>(api, '/account/uploadProfileImage', user.token, { data: jpeg, type: 'image/jpeg' });
    expect(uploaded.status).toBe(200);
    const stored = Buffer.from(await (await fetchStored(api, uploaded.body.url)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 60 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('refuses a renamed non-image with UNSUPPORTED_IMAGE', async () => {
    const response = await upload(api, '/account/uploadProfileImage', user.token, {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      type: 'image/png',
      name: 'avatar.png',
    });
    expect(response).toMatchObject({ status: 415, body: { name: PRODUCT_ERROR_NAME, errorCode: 'UNSUPPORTED_IMAGE' } });
  });

  it('refuses formats other than png, jpeg, webp and avif', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await upload(api, '/account/uploadProfileImage', user.token, { data: gif, type: 'image/png', name: 'a.png' });
    expect(response).toMatchObject({ status: 415, body: { errorCode: 'UNSUPPORTED_IMAGE' } });
  });

  it.each(['png', 'jpeg', 'webp'] as const)('refuses a truncated %s with UNSUPPORTED_IMAGE', async (format) => {
    const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .toFormat(format)
      .toBuffer();
    const response = await upload(api, '/account/uploadProfileImage', user.token, {
      data: whole.subarray(0, Math.floor(whole.length / 2)),
      type: `image/${format}`,
    });
    expect(response).toMatchObject({ status: 415, body: { errorCode: 'UNSUPPORTED_IMAGE' } });
  });

  it('refuses a file over 5 MB with 413 IMAGE_TOO_LARGE', async () => {
    const big = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(api, '/account/uploadProfileImage', user.token, { data: big, type: 'image/png' });
    expect(response).toMatchObject({ status: 413, body: { name: PRODUCT_ERROR_NAME, errorCode: 'IMAGE_TOO_LARGE' } });
  });

  it('refuses an image over 25 megapixels (a pixel bomb) with 413 IMAGE_TOO_LARGE', async () => {
    const bomb = pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1000);
    const response = await upload(api, '/account/uploadProfileImage', user.token, { data: bomb, type: 'image/png' });
    expect(response).toMatchObject({ status: 413, body: { errorCode: 'IMAGE_TOO_LARGE' } });
  });

  it('refuses a request without the profileImage file, with another file field or without multipart', async () => {
    const png = await image('png');
    expect(await upload(api, '/account/uploadProfileImage', user.token, undefined)).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
    expect(await upload(api, '/account/uploadProfileImage', user.token, { data: png, field: 'avatar' })).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED' },
    });
    expect(await upload(api, '/account/uploadProfileImage', user.token, { data: png }, { unexpected: 'x' })).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED' },
    });
    expect(await call(api, '/account/uploadProfileImage', { profileImage: 'aGVsbG8=' }, user.token)).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_FAILED' },
    });
  });

  it('stores an organization image for its admin, whatever the order of the fields', async () => {
    const png = await image('png');
    const uploaded = await upload<{ url: string }>(
      api,
      '/organization/uploadProfileImage',
      admin.token,
      { data: png, type: 'image/png' },
      { organizationId: organization.organization.id },
    );
    expect(uploaded.status).toBe(200);
    expect((await fetchStored(api, uploaded.body.url)).status).toBe(200);
    // The file first, then the field.
    const form = new FormData();
    form.append('profileImage', new Blob([png], { type: 'image/png' }), 'a.png');
    form.append('organizationId', organization.organization.id);
    const response = await fetch(`${api.baseUrl}/organization/uploadProfileImage`, { method: 'POST', headers: bearer(admin.token), body: form });
    expect(response.status).toBe(200);
    // The organization shows the image once it is saved through /organization/update.
    const updated = await call<{ profileImageSrc: string }>(
      api,
      '/organization/update',
      { organizationId: organization.organization.id, updateProps: { profileImageSrc: uploaded.body.url } },
      admin.token,
    );
    expect(updated.body.profileImageSrc).toBe(uploaded.body.url);
  });

  it('refuses an organization upload without a valid organizationId', async () => {
    const png = { data: await image('png') };
    expect(await upload(api, '/organization/uploadProfileImage', admin.token, png)).toMatchObject({
      status: 400,
      body: { errorCode: 'INVALID_ID', message: 'Invalid id: undefined' },
    });
    expect(await upload(api, '/organization/uploadProfileImage', admin.token, png, { organizationId: '../../x' })).toMatchObject({
      status: 400,
      body: { errorCode: 'INVALID_ID' },
    });
    expect(await upload(api, '/organization/uploadProfileImage', user.token, png, { organizationId: organization.organization.id })).toMatchObject({
      status: 403,
      body: { errorCode: 'FORBIDDEN' },
    });
  });

  it('serves no file outside the uploads and answers unknown names 404', async () => {
    for (const path of [
      '/files/..%2F..%2Fpackage.json',
      '/files/%2e%2e%2fpackage.json',
      '/files/../package.json',
      '/files/nope.webp',
      `/files/${'a'.repeat(40)}.webp`,
      '/files/x.png',
    ]) {
      const response = await fetch(`${api.baseUrl}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});
