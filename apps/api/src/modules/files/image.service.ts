import { Inject, Injectable } from '@nestjs/common';
import { DomainError, IMAGE_MAX_BYTES, type SupportedImageType } from '@console/domain';
import { createHash } from 'node:crypto';
import type sharp from 'sharp';
import { IMAGE_STORAGE, type ImageStorage } from './image-storage';

/** Largest accepted image, in pixels (width x height), so that decoding cannot exhaust memory. */
const IMAGE_MAX_PIXELS = 25_000_000;
/** Stored profile images fit inside this square. */
const PROFILE_IMAGE_SIZE = 512;

/** The image type by its leading bytes (never by the declared type or file name). */
function sniffImageType(data: Buffer): SupportedImageType | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 16 && data.toString('latin1', 4, 8) === 'ftyp') {
    // ISO BMFF: major brand at 8..12, compatible brands from 16 to the end of the ftyp box.
    const boxSize = Math.min(data.readUInt32BE(0), data.length, 256);
    const brands = [data.toString('latin1', 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(data.toString('latin1', offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  }
  return undefined;
}

const SHARP_FORMATS: Record<SupportedImageType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpeg'],
  'image/webp': ['webp'],
  'image/avif': ['heif', 'avif'],
};

let loadingSharp: Promise<typeof sharp> | undefined;

/** The image library, loaded at the first upload rather than as the API starts (it is large, and native). */
function loadSharp(): Promise<typeof sharp> {
  loadingSharp ??= import('sharp').then((loaded) => loaded.default);
  return loadingSharp;
}

/** A decoder failure: too many pixels, or anything else that is not a readable image. */
function decodeError(error: unknown): DomainError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return new DomainError('IMAGE_TOO_LARGE');
  return new DomainError('UNSUPPORTED_IMAGE');
}

/** Checks, re-encodes and stores uploaded profile images (accounts and organizations). */
@Injectable()
export class ImageService {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  /**
   * Accepts png, jpeg, webp and avif by their bytes, refuses more than 5 MB or 25 megapixels,
   * and re-encodes to a metadata-free WebP of at most 512x512 (EXIF orientation applied).
   */
  async reencode(data: Buffer): Promise<Buffer> {
    if (data.length > IMAGE_MAX_BYTES) throw new DomainError('IMAGE_TOO_LARGE');
    const type = sniffImageType(data);
    if (!type) throw new DomainError('UNSUPPORTED_IMAGE');
    const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning', sequentialRead: true } as const;
    const decode = await loadSharp();
    let metadata: sharp.Metadata;
    try {
      metadata = await decode(data, options).metadata();
    } catch (error) {
      throw decodeError(error);
    }
    if (!SHARP_FORMATS[type].includes(metadata.format ?? '')) throw new DomainError('UNSUPPORTED_IMAGE');
    const width = metadata.width ?? 0;
    const height = metadata.height ?? 0;
    if (width <= 0 || height <= 0) throw new DomainError('UNSUPPORTED_IMAGE');
    if (width * height > IMAGE_MAX_PIXELS) throw new DomainError('IMAGE_TOO_LARGE');
    try {
      return await decode(data, options)
        .rotate()
        .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch (error) {
      throw decodeError(error);
    }
  }

  /** Re-encodes and stores a profile image; returns its URL. */
  async storeProfileImage(data: Buffer): Promise<{ url: string }> {
    const encoded = await this.reencode(data);
    const name = `${createHash('sha256').update(encoded).digest('base64url')}.webp`;
    return { url: await this.storage.save(name, encoded, 'image/webp') };
  }

  read(name: string): Promise<Buffer | null> {
    return this.storage.read(name);
  }

  /** The stored file's name when the URL is one of the stored images (not an image elsewhere); null otherwise. */
  storedName(url: string): string | null {
    return this.storage.storedName(url);
  }

  /** Deletes a stored image; stored images are named by their content, so the caller makes sure no one else shows it. */
  delete(name: string): Promise<void> {
    return this.storage.delete(name);
  }
}
