/**
 * Hands `blob` to the browser as a download named `fileName`: a temporary object URL and link,
 * clicked once and removed. The URL is revoked on the next task, once the browser has started the save.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
