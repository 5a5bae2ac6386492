import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STORED_FILE_NAME, type ImageStorage } from './image-storage';

/** Development and tests: files under `<dataDir>/uploads`, served by the API at GET /files/:name. */
export class LocalDiskImageStorage implements ImageStorage {
  constructor(
    private readonly directory: string,
    private readonly publicApiUrl: string,
  ) {}

  async save(name: string, data: Buffer): Promise<string> {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`Refusing to store a file named ${name}`);
    await mkdir(this.directory, { recursive: true });
    const target = join(this.directory, name);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
    return `${this.publicApiUrl}/files/${name}`;
  }

  storedName(url: string): string | null {
    const prefix = `${this.publicApiUrl}/files/`;
    const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
    return STORED_FILE_NAME.test(name) ? name : null;
  }

  async delete(name: string): Promise<void> {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`Refusing to delete a file named ${name}`);
    await rm(join(this.directory, name), { force: true });
  }

  async read(name: string): Promise<Buffer | null> {
    if (!STORED_FILE_NAME.test(name)) return null;
    try {
      return await readFile(join(this.directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
