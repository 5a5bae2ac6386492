/** Where uploaded (already re-encoded) images are kept. */
export interface ImageStorage {
  /** Stores `data` under `name` and returns the public URL of the stored file. */
  save(name: string, data: Buffer, contentType: string): Promise<string>;
  /** The stored file, when this storage serves its files through the API; null otherwise. */
  read(name: string): Promise<Buffer | null>;
  /** The name of the stored file the URL points at, when this storage gave the URL; null for any other URL. */
  storedName(url: string): string | null;
  /** Deletes the stored file (one already gone is no error). */
  delete(name: string): Promise<void>;
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');

/** Names the storage accepts: a content hash and the extension; nothing that can climb out of a directory. */
export const STORED_FILE_NAME = /^[A-Za-z0-9_-]{16,128}\.webp$/;
