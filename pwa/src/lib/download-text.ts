/** Saves text as a UTF-8 .txt file through a temporary link (no inline script, so the CSP allows it). */
export function downloadText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: the download has started by then, and the key text does not linger in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
