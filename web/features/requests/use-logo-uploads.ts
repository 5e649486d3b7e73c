import { useCallback, useEffect, useRef, useState } from 'react';
import { LOGOS_MAX, logoFileProblem } from '../../../domain/requests.ts';
import { errorMessage } from '../../lib/errors.ts';
import { isAbortError } from '../../lib/upload.ts';
import { uploadLogo } from './requests.api.ts';

/** Spec storefront §3 "Upload item": its state, and progress 0 to 100. */
export type UploadState = 'ready' | 'uploading' | 'success' | 'cancelled' | 'error';

export interface LogoItem {
  id: number;
  file: File;
  state: UploadState;
  progress: number;
  /** Where the server stored it, once uploaded. */
  url?: string;
  /** Why it was refused (by the browser's check or by the server). */
  error?: string;
  /** An object URL for the thumbnail (an <img> runs no script, even from an SVG). */
  preview?: string;
}

export type UploadOutcome = { ok: true; urls: string[] } | { ok: false; message: string };

/** Items that count towards the limit of logos. */
const counts = (item: LogoItem) =>
  item.state === 'ready' || item.state === 'uploading' || item.state === 'success';

/**
 * The logos of the custom form. Chosen files are checked at once (type, size, count); the good
 * ones wait as 'ready' and are uploaded one by one when the form is sent (spec §4 "Custom form").
 */
export function useLogoUploads() {
  const [items, setItems] = useState<LogoItem[]>([]);
  // The upload loop reads the newest list (a cancel may come while it runs).
  const itemsRef = useRef<LogoItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);

  const update = useCallback((change: (current: LogoItem[]) => LogoItem[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const patch = useCallback(
    (id: number, values: Partial<LogoItem>) =>
      update((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item))),
    [update],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      update((current) => {
        let counted = current.filter(counts).length;
        const added = files.map((file): LogoItem => {
          const id = nextId.current++;
          let problem = logoFileProblem(file);
          if (!problem && counted >= LOGOS_MAX) problem = `At most ${LOGOS_MAX} logos can be sent.`;
          if (problem) return { id, file, state: 'error', progress: 0, error: problem };
          counted += 1;
          return { id, file, state: 'ready', progress: 0, preview: URL.createObjectURL(file) };
        });
        return [...current, ...added];
      });
    },
    [update],
  );

  const cancel = useCallback(
    (id: number) => {
      controllers.current.get(id)?.abort();
      const item = itemsRef.current.find((candidate) => candidate.id === id);
      if (item && (item.state === 'ready' || item.state === 'uploading')) patch(id, { state: 'cancelled' });
    },
    [patch],
  );

  const remove = useCallback(
    (id: number) => {
      controllers.current.get(id)?.abort();
      update((current) =>
        current.filter((item) => {
          if (item.id !== id) return true;
          if (item.preview) URL.revokeObjectURL(item.preview);
          return false;
        }),
      );
    },
    [update],
  );

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    for (const item of itemsRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
    update(() => []);
  }, [update]);

  /**
   * Uploads the waiting logos one by one. Answers every uploaded URL, or the server's message of
   * the first upload that failed (spec §5: a non-200 answer shows the server text).
   */
  const uploadPending = useCallback(async (): Promise<UploadOutcome> => {
    for (;;) {
      const next = itemsRef.current.find((item) => item.state === 'ready');
      if (!next) break;
      const controller = new AbortController();
      controllers.current.set(next.id, controller);
      patch(next.id, { state: 'uploading', progress: 0 });
      try {
        const { url } = await uploadLogo(next.file, {
          signal: controller.signal,
          onProgress: (progress) => patch(next.id, { progress }),
        });
        patch(next.id, { state: 'success', progress: 100, url });
      } catch (error) {
        if (isAbortError(error)) {
          patch(next.id, { state: 'cancelled' });
          continue;
        }
        const message = errorMessage(error);
        patch(next.id, { state: 'error', error: message });
        return { ok: false, message: `${next.file.name}: ${message}` };
      } finally {
        controllers.current.delete(next.id);
      }
    }
    const urls = itemsRef.current.flatMap((item) => (item.state === 'success' && item.url ? [item.url] : []));
    return { ok: true, urls };
  }, [patch]);

  // Leaving the page stops uploads and frees the previews.
  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const item of itemsRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  return { items, addFiles, cancel, remove, reset, uploadPending };
}
