import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage.ts';

/** Keys are plain file names: no folders, no dots at the start, nothing a path could escape with. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?$/;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in one folder on the local disk (DATA_DIR/uploads). */
export function createLocalDiskStorage(directory: string): FileStorage {
  const root = path.resolve(directory);
  const fileOf = (key: string) => path.join(root, checkKey(key));
  let ready: Promise<unknown> | undefined;

  return {
    async put(key, data) {
      ready ??= mkdir(root, { recursive: true });
      await ready;
      const target = fileOf(key);
      // Written beside the target, then renamed: a reader never sees half a file.
      const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, target);
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { size: info.size, stream: () => createReadStream(file) };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
