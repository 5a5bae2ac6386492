import { getApps, initializeApp } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { randomUUID } from 'node:crypto';
import { STORED_FILE_NAME, type ImageStorage } from './image-storage';

/** Production: the Firebase / Google Cloud Storage bucket; files are served by the bucket, not the API. */
export class FirebaseImageStorage implements ImageStorage {
  constructor(
    private readonly projectId: string,
    private readonly bucketName: string,
    private readonly prefix = 'profile-images',
  ) {}

  private bucket() {
    const name = `console-storage-${this.bucketName}`;
    const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: this.projectId, storageBucket: this.bucketName }, name);
    return getStorage(app).bucket(this.bucketName);
  }

  async save(name: string, data: Buffer, contentType: string): Promise<string> {
    const file = this.bucket().file(`${this.prefix}/${name}`);
    await file.save(data, {
      resumable: false,
      contentType,
      metadata: { cacheControl: 'public, max-age=31536000, immutable', metadata: { firebaseStorageDownloadTokens: randomUUID() } },
    });
    return getDownloadURL(file);
  }

  read(): Promise<Buffer | null> {
    return Promise.resolve(null);
  }

  /** A download URL (…/v0/b/<bucket>/o/<prefix>%2F<name>?…) of this bucket's prefix. */
  storedName(url: string): string | null {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
    const objectStart = `/v0/b/${this.bucketName}/o/`;
    if (!path.startsWith(objectStart)) return null;
    const object = decodeURIComponent(path.slice(objectStart.length));
    const name = object.startsWith(`${this.prefix}/`) ? object.slice(this.prefix.length + 1) : '';
    return STORED_FILE_NAME.test(name) ? name : null;
  }

  async delete(name: string): Promise<void> {
    await this.bucket().file(`${this.prefix}/${name}`).delete({ ignoreNotFound: true });
  }
}
