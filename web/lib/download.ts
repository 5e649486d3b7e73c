import { getLoggedClient } from './auth-store.ts';

/** Saves what the page holds (a CSV it fetched, a PDF's bytes) as a file the person downloads. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: revoked at once, the browser may drop the download it just began.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API answers as bytes (a PDF, an attachment). A link cannot send the bearer
 * token, and lib/api reads answers as text, which would break a PDF: the bytes are fetched here as
 * they are. A refusal throws the server's message, else `failure` with the status.
 */
export async function downloadFile(path: string, filename: string, failure: string): Promise<void> {
  const token = getLoggedClient()?.token;
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
    throw new Error(message ?? `${failure} (${response.status}).`);
  }
  saveFile(await response.blob(), filename);
}
