/** Handing a file the API answered to the browser as a download. */

/** What {@link saveBlob} needs of the browser (injected in tests). */
export interface DownloadEnvironment {
  document: Pick<Document, 'createElement' | 'body'>;
  url: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
}

/** Hands a blob to the browser as a downloaded file named `filename`. */
export function saveBlob(blob: Blob, filename: string, environment: DownloadEnvironment = { document, url: URL }): void {
  const href = environment.url.createObjectURL(blob);
  const link = environment.document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  environment.document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => environment.url.revokeObjectURL(href), 0);
  }
}
