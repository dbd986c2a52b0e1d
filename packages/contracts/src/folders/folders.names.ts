/** Item names (spec §5 and the rules): the display text only, never a path on disk. */
export const FOLDER_ITEM_NAME_MAX = 255;

export const FOLDER_NAME_MSG = {
  required: 'Informe o nome.',
  tooLong: `O nome deve ter no máximo ${FOLDER_ITEM_NAME_MAX} caracteres.`,
  invalid: 'O nome não pode conter barras, caracteres de controle nem ser "." ou "..".',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/** Why a (trimmed) name is refused, or undefined when it is fine. */
export function folderItemNameProblem(name: string): string | undefined {
  if (!name) return FOLDER_NAME_MSG.required;
  if (name.length > FOLDER_ITEM_NAME_MAX) return FOLDER_NAME_MSG.tooLong;
  if (FORBIDDEN.test(name) || name === '.' || name === '..') return FOLDER_NAME_MSG.invalid;
  return undefined;
}

/** The comparison key of a name: names differing only in case or Unicode form are the same name. */
export function folderNameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('pt-BR');
}

/** "relatorio.pdf" → ["relatorio", ".pdf"]; a leading dot is part of the base. */
export function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** "Nova pasta" → "Nova pasta (2)", "a.pdf" → "a (2).pdf": the n-th candidate for a free name. */
export function numberedItemName(name: string, n: number, kind: 'folder' | 'file'): string {
  if (n <= 1) return name;
  const [base, ext] = kind === 'file' ? splitExtension(name) : [name, ''];
  const suffix = ` (${n})`;
  return `${base.slice(0, FOLDER_ITEM_NAME_MAX - suffix.length - ext.length)}${suffix}${ext}`;
}

/** Sizes as the file info shows them (spec §2: B, KB or MB). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024)
    return `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/**
 * Any document may be shared, except programs and scripts that run when opened on a Windows
 * desktop (the office machines): refused by extension and, for binaries, by their first bytes.
 */
export const BLOCKED_UPLOAD_EXTENSIONS = [
  'exe',
  'com',
  'scr',
  'pif',
  'msi',
  'msp',
  'dll',
  'cpl',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'lnk',
  'reg',
  'jar',
  'sh',
  'app',
  'apk',
  'elf',
] as const;
export const BLOCKED_UPLOAD_MIMES = [
  'application/x-msdownload',
  'application/x-ms-installer',
  'application/x-elf',
  'application/x-mach-binary',
  'application/vnd.android.package-archive',
  'application/java-archive',
] as const;

export function isBlockedUpload(name: string, mime?: string): boolean {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (ext && (BLOCKED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return true;
  return mime !== undefined && (BLOCKED_UPLOAD_MIMES as readonly string[]).includes(mime);
}
