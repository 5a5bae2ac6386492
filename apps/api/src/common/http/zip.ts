import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A file of a ZIP archive: small text written at once, or a stream read only when the archive reaches it. */
export interface ZipEntry {
  name: string;
  content: string | Readable;
}

/** Bytes the archive holds before the response has taken them: the archive is read no faster than the client downloads. */
const ZIP_HIGH_WATER_MARK = 64 * 1024;

/**
 * The ZIP archive of the entries, deflated and written as it is read: an entry is handed to the
 * archive only once the one before it is written (archiver starts reading a stream as soon as it
 * is appended), and is read only as fast as the consumer takes the bytes (backpressure), so memory
 * holds a page of one entry and the compressor's window, whatever the sizes. When the archive is
 * destroyed (the client went away) every entry's stream is destroyed too, so no further page is read.
 * archiver is loaded at the first export, not as the API starts.
 */
export async function zipStream(entries: readonly ZipEntry[], date: Date): Promise<Readable> {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 }, highWaterMark: ZIP_HIGH_WATER_MARK });
  const streams = entries.flatMap((entry) => (typeof entry.content === 'string' ? [] : [entry.content]));
  archive.on('close', () => {
    for (const stream of streams) stream.destroy();
  });
  let next = 0;
  const appendNext = (): void => {
    const entry = entries[next];
    next += 1;
    if (entry === undefined) return;
    archive.append(typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content, { name: entry.name, date });
    // Errors of the entries reach the archive's 'error' event, which the response handles.
    if (next === entries.length) void archive.finalize().catch(() => undefined);
  };
  archive.on('entry', appendNext);
  appendNext();
  return archive;
}

/** Sends the archive as it is written, as the attachment `fileName`, with headers the download's progress reads. */
export async function sendZip(reply: FastifyReply, zip: Readable, fileName: string, headers: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  await reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(zip);
}
