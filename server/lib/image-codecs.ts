/**
 * The image libraries, loaded when the first image is drawn or checked rather than at every start:
 * sharp brings libvips (about 13 MB resident) and file-type its byte signatures, and a shop whose
 * images are drawn already starts without either (bench/README.md, "A lean server that starts
 * fast"). The module system loads each once; later calls get the same module.
 */
export type Sharp = typeof import('sharp')['default'];

export async function loadSharp(): Promise<Sharp> {
  return (await import('sharp')).default;
}

export async function loadFileTypeDetection() {
  return (await import('file-type')).fileTypeFromBuffer;
}
