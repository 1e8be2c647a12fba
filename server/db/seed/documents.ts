import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FileStorage } from '../../storage/file-storage';
import content from './data/documents.json';

// The downloadable documents (kinds 1-14) are real PDFs written with pdf-lib from the
// Italian text in data/documents.json. Helvetica's WinAnsi encoding covers Italian.

export interface GeneratedDocument {
  kindId: number;
  title: string;
  description: string;
  fileName: string;
  storageKey: string;
  sizeBytes: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const BRAND = rgb(0.86, 0.27, 0.2);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderDocumentPdf(doc: (typeof content.documents)[number]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setAuthor('Rexer');
  pdf.setLanguage('it-IT');
  pdf.setSubject(doc.description);
  // Fixed dates keep the file identical from one seed to the next.
  pdf.setCreationDate(new Date('2025-05-01T09:00:00Z'));
  pdf.setModificationDate(new Date('2025-05-01T09:00:00Z'));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const textWidth = PAGE.width - PAGE.margin * 2;

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const newPageIfNeeded = (needed: number) => {
    if (y - needed < PAGE.margin + 30) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const write = (text: string, font: PDFFont, size: number, gap: number, colour = rgb(0.13, 0.13, 0.13)) => {
    for (const line of wrap(text, font, size, textWidth)) {
      newPageIfNeeded(size + gap);
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font, color: colour });
      y -= size + 4;
    }
    y -= gap;
  };

  page.drawText('Rexer', { x: PAGE.margin, y: y - 20, size: 20, font: bold, color: BRAND });
  y -= 44;
  write(doc.title, bold, 18, 6);
  write(doc.description, regular, 11, 4, rgb(0.35, 0.35, 0.35));
  write(content.updated, regular, 9, 14, rgb(0.45, 0.45, 0.45));
  for (const section of doc.sections) {
    newPageIfNeeded(40);
    write(section.heading, bold, 12.5, 6);
    for (const paragraph of section.paragraphs) write(paragraph, regular, 10.5, 8);
    y -= 4;
  }
  const pages = pdf.getPages();
  pages.forEach((p, index) => {
    p.drawText(`${content.footer}  ${index + 1}/${pages.length}`, {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 8,
      font: regular,
      color: rgb(0.5, 0.5, 0.5),
    });
  });
  return pdf.save({ useObjectStreams: true });
}

/** Writes the 14 PDFs to storage (skipping those already there) and returns their rows' data. */
export async function ensureDocuments(storage: FileStorage): Promise<GeneratedDocument[]> {
  return Promise.all(
    content.documents.map(async (doc) => {
      const storageKey = `documents/seed/${doc.fileName}`;
      let sizeBytes: number;
      const existing = await storage.get(storageKey);
      if (existing) {
        sizeBytes = existing.data.length;
      } else {
        const bytes = Buffer.from(await renderDocumentPdf(doc));
        await storage.put(storageKey, bytes, 'application/pdf');
        sizeBytes = bytes.length;
      }
      return {
        kindId: doc.kindId,
        title: doc.title,
        description: doc.description,
        fileName: doc.fileName,
        storageKey,
        sizeBytes,
      };
    }),
  );
}

/** Bump when data/documents.json changes: the rows are replaced at the next start. */
export const DOCUMENTS_SEED_VERSION = '2025-06-01.1';
