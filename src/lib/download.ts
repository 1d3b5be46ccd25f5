/** How long a finished file's object URL lives: the download has long started by then. */
const REVOKE_AFTER_MS = 60_000;

/** Saves `blob` as `fileName` through a hidden link (the browser's own download). */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
