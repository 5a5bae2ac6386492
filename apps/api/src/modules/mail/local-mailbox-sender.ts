import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import type { MailMessage, MailSender } from './mail-sender';

/** A message as stored in the local mailbox. */
export interface StoredMail extends MailMessage {
  from: string;
  sentAt: string;
}

export function mailboxDir(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'mailbox');
}

/**
 * Keeps messages as JSON files under `${dataDir}/mailbox/` instead of sending them, so that the
 * invitation journey works on a developer's machine (see GET /dev/mailbox). One file per
 * delivery: a duplicate delivery shows up as a second file with the same message id.
 */
export class LocalMailboxSender implements MailSender {
  readonly name = 'local-mailbox';
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const sentAt = new Date();
    this.sequence += 1;
    const file = `${sentAt.getTime()}-${process.pid}-${this.sequence}-${message.id}.json`;
    const stored: StoredMail = { ...message, from: this.from, sentAt: sentAt.toISOString() };
    // Written under a temporary name first so that a reader never sees half a message.
    await writeFile(join(this.dir, `.${file}.tmp`), JSON.stringify(stored, null, 2));
    await rename(join(this.dir, `.${file}.tmp`), join(this.dir, file));
  }
}

/** The messages stored in a local mailbox directory, newest first. */
export async function readMailbox(dir: string): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
  } catch {
    return [];
  }
  const messages = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail));
  return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}
