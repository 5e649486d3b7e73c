import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadSharp } from './image-codecs.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared libraries a fresh Node process holds once it has imported `module`. */
async function sharedObjectsAfterImporting(module: string): Promise<string[]> {
  const script = `await import(${JSON.stringify(module)});
    console.log(JSON.stringify(process.report.getReport().sharedObjects));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: ROOT },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
}

const isLibvips = (file: string) => path.basename(file).startsWith('libvips');

describe('the image libraries', () => {
  it('are not loaded by the server starting: libvips comes with the first image drawn', async () => {
    const atStart = await sharedObjectsAfterImporting('./server/shop.ts');
    expect(atStart.length).toBeGreaterThan(0);
    expect(atStart.filter(isLibvips)).toEqual([]);

    // The check sees libvips where it is loaded.
    expect((await sharedObjectsAfterImporting('sharp')).some(isLibvips)).toBe(true);
  }, 60_000);

  it('load sharp when asked, once', async () => {
    const sharp = await loadSharp();
    expect(await loadSharp()).toBe(sharp);
    const { info } = await sharp({ create: { width: 2, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 2, height: 1, format: 'png' });
  });
});
