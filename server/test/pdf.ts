import { PDFParse } from 'pdf-parse';

/** A PDF the server rendered, read back: its page information and its text. */
export async function parsePdf(data: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const info = await parser.getInfo({ parsePageInfo: true });
    const text = await parser.getText();
    return { info, text: text.text };
  } finally {
    await parser.destroy();
  }
}
