import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { folderNameKey, PUBLIC_FOLDER_ID, ROOT_FOLDER_ID } from '@intranet/contracts';
import type { Tx } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import { DEMO_USERS, type DemoFolder, type DemoFolderFile } from './demo-data.ts';

/** Where the folders module keeps its files (folders.service.ts#storageKey). */
const PREFIX = 'folders';

/** A small valid one-page PDF showing `lines` (Helvetica, WinAnsi: Portuguese accents print). */
export function demoPdf(lines: string[]): Buffer {
  const pdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td (${pdfString(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // latin1 is WinAnsi for every character of the demo texts.
  return Buffer.from(pdf, 'latin1');
}

function fileBytes(file: DemoFolderFile): { bytes: Buffer; ext: string; mime: string } {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'pdf') return { bytes: demoPdf(file.lines), ext, mime: 'application/pdf' };
  // Text has no signature: an upload stores it as bytes with its name's extension (uploads.ts).
  return {
    bytes: Buffer.from(`${file.lines.join('\r\n')}\r\n`, 'utf8'),
    ext,
    mime: 'application/octet-stream',
  };
}

export interface StoredDemoFile {
  file: DemoFolderFile;
  fileName: string;
  size: number;
  mime: string;
  ext: string;
  commit: () => Promise<void>;
}

/** Writes the demo folders' files to temporary storage; commit each after the seed's transaction. */
export async function storeDemoFolderFiles(
  storage: Storage,
  folders: DemoFolder[],
): Promise<StoredDemoFile[]> {
  const out: StoredDemoFile[] = [];
  for (const file of folders.flatMap((f) => f.files)) {
    const { bytes, ext, mime } = fileBytes(file);
    const temp = await storage.writeTemp(Readable.from([bytes]));
    const fileName = `${randomUUID()}.${ext}`;
    out.push({
      file,
      fileName,
      size: temp.size,
      mime,
      ext,
      commit: () => temp.commit(`${PREFIX}/${fileName}`),
    });
  }
  return out;
}

/** The demo folders, their shares, files and history, in batch inserts (inside the demo transaction). */
export async function seedDemoFolders(
  tx: Tx,
  folders: DemoFolder[],
  stored: StoredDemoFile[],
  idOf: (matricula: string) => number,
): Promise<void> {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const folderIds = new Map<string, number>([
    ['Home', ROOT_FOLDER_ID],
    ['Pasta Pública', PUBLIC_FOLDER_ID],
  ]);
  // One batch per level: a folder's parent is Home, Pasta Pública or a folder listed before it.
  let pending = folders;
  while (pending.length > 0) {
    const ready = pending.filter((f) => folderIds.has(f.parent));
    if (ready.length === 0) throw new Error(`pasta-mãe desconhecida: ${pending[0]!.parent}`);
    const inserted = await tx
      .insertInto('folders')
      .values(
        ready.map((f) => ({
          name: f.name,
          name_key: folderNameKey(f.name),
          parent_id: folderIds.get(f.parent)!,
          user_id: idOf(f.owner),
          privilegio: f.privilegio,
          is_private: f.isPrivate,
          created_at: at(f.daysAgo),
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const row of inserted) folderIds.set(row.name, row.id);
    pending = pending.filter((f) => !ready.includes(f));
  }
  const idOfFolder = (f: DemoFolder) => folderIds.get(f.name)!;

  const shares = folders.flatMap((f) =>
    f.sharedWith.map((m) => ({
      folder_id: idOfFolder(f),
      user_id: idOf(m),
      created_by: idOf(f.owner),
      created_at: at(f.daysAgo),
    })),
  );
  if (shares.length > 0) await tx.insertInto('folder_shares').values(shares).execute();

  const folderOf = (file: DemoFolderFile) => folders.find((f) => f.files.includes(file))!;
  if (stored.length > 0) {
    await tx
      .insertInto('folder_files')
      .values(
        stored.map((s) => ({
          name: s.file.name,
          name_key: folderNameKey(s.file.name),
          file_name: s.fileName,
          folder_id: idOfFolder(folderOf(s.file)),
          user_id: idOf(s.file.by),
          size: s.size,
          mime: s.mime,
          tipo: s.ext,
          created_at: at(s.file.daysAgo),
        })),
      )
      .execute();
  }

  await tx
    .insertInto('audit_log')
    .values([
      ...folders.map((f) => ({
        user_id: idOf(f.owner),
        action: 'folder.create',
        entity: 'folder',
        entity_id: String(idOfFolder(f)),
        summary: `Criou a pasta "${f.name}" (em ${folderIds.get(f.parent)})`,
        created_at: at(f.daysAgo),
      })),
      ...folders.flatMap((f) =>
        f.sharedWith.map((m) => ({
          user_id: idOf(f.owner),
          action: 'folder.share',
          entity: 'folder',
          entity_id: String(idOfFolder(f)),
          summary: `Compartilhou a pasta "${f.name}" com ${DEMO_USERS.find((u) => u.matricula === m)!.nome}`,
          created_at: at(f.daysAgo),
        })),
      ),
      ...stored.map((s) => ({
        user_id: idOf(s.file.by),
        action: 'file.upload',
        entity: 'folder',
        entity_id: String(idOfFolder(folderOf(s.file))),
        summary: `Enviou 1 arquivo(s): ${s.file.name}`,
        created_at: at(s.file.daysAgo),
      })),
    ])
    .execute();
}
