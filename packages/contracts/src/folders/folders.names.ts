/** Item names (spec §5 and the rules): the display text only, never a path on disk. */
export const FOLDER_ITEM_NAME_MAX = 255;

export const FOLDER_NAME_MSG = {
  required: 'Informe o nome.',
  tooLong: `O nome deve ter no máximo ${FOLDER_ITEM_NAME_MAX} caracteres.`,
  invalid: 'O nome não pode conter barras nem caracteres de controle, nem ser formado só por pontos.',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/**
 * The name as Windows keeps it: it drops trailing dots and spaces ("run.vbs. " is saved as
 * "run.vbs"), so a name is stored without them, and invisible format characters at the end go too.
 */
export function normalizeItemName(name: string): string {
  return name.trim().replace(/[\s.\p{Cf}]+$/u, '');
}

/** Why a name is refused, or undefined when it is fine (checked on the normalised name). */
export function folderItemNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return FOLDER_NAME_MSG.required;
  if (FORBIDDEN.test(trimmed)) return FOLDER_NAME_MSG.invalid;
  const normalized = normalizeItemName(trimmed);
  if (!normalized) return FOLDER_NAME_MSG.invalid;
  if (normalized.length > FOLDER_ITEM_NAME_MAX) return FOLDER_NAME_MSG.tooLong;
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

/** An extension someone typed: letters and digits after the last dot, with at least one letter ("v1.2" has none). */
const TYPED_EXTENSION = /\.(?=[\p{L}\p{N}]*\p{L})[\p{L}\p{N}]{1,10}$/u;

/**
 * The name a file gets when renamed: "aviso.png" renamed "Foto da doca – Mauá" becomes
 * "Foto da doca – Mauá.png". A file keeps its extension unless the new name brings one of its
 * own (which the upload rule then checks like any name: isBlockedUpload).
 */
export function renamedFileName(current: string, typed: string): string {
  const name = normalizeItemName(typed);
  const [, ext] = splitExtension(current);
  if (!ext || !name || TYPED_EXTENSION.test(name)) return name;
  return `${name.slice(0, FOLDER_ITEM_NAME_MAX - ext.length)}${ext}`;
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
 * Any document may be shared, except what runs when opened on the office's Windows desktops:
 * programs, installers, scripts, shortcuts, disk images (mounted, their content escapes the
 * download warning) and add-ins. Refused by name on upload and on rename, and binaries also by
 * their first bytes. The list follows the attachments Outlook blocks, without certificates
 * (cer, crt, der), mailboxes (pst) and tmp, which open as data.
 */
export const BLOCKED_UPLOAD_EXTENSIONS: readonly string[] = [
  // programs, libraries and installers
  'exe com scr pif dll ocx sys drv cpl msi msp mst msu appx appxbundle msix msixbundle application',
  'appref-ms xbap gadget diagcab jar jnlp apk app elf command desktop',
  // scripts and script hosts
  'bat cmd ps1 psm1 psd1 psdm1 ps1xml ps2 ps2xml psc1 psc2 msh msh1 msh2 mshxml msh1xml msh2xml',
  'vb vbs vbe vbp js jse ws wsf wsh wsc wsb sct hta htc bas sh csh ksh pl py pyc pyo pyw pyz pyzw',
  'reg inf ins isp msc ops prf prg',
  // shortcuts and links
  'lnk url website scf xnk rdp settingcontent-ms library-ms searchconnector-ms webpnp printerexport',
  // disk images
  'iso img vhd vhdx',
  // help, themes and add-ins that carry code
  'chm hlp hpj cnt its theme themepack deskthemepack xll iqy slk vsmacros vsw grp bgi fxp mcf osd pcd plg',
  // Access databases and projects (they run their macros when opened)
  'ade adp mad maf mag mam maq mar mas mat mau mav maw mda mdb mde mdt mdw mdz',
].flatMap((group) => group.split(' '));
export const BLOCKED_UPLOAD_MIMES = [
  'application/x-msdownload',
  'application/x-ms-installer',
  'application/x-elf',
  'application/x-mach-binary',
  'application/vnd.android.package-archive',
  'application/java-archive',
] as const;

const BLOCKED = new Set<string>(BLOCKED_UPLOAD_EXTENSIONS);

/**
 * The extensions Windows could act on: of the last path segment, without control and invisible
 * format characters anywhere, after dropping trailing dots and spaces, and also before an NTFS
 * stream suffix ("run.vbs:x").
 */
function effectiveExtensions(name: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
  const visible = name.replace(/[\u0000-\u001f\u007f\p{Cf}]/gu, '');
  const base = visible.split(/[\\/]/).pop() ?? '';
  return [base, base.split(':')[0] ?? '']
    .map((candidate) => /\.([^.]+)$/.exec(normalizeItemName(candidate))?.[1]?.trim().toLowerCase())
    .filter((ext): ext is string => Boolean(ext));
}

/** The one rule for upload and rename: a program or script by name, or an executable by its bytes. */
export function isBlockedUpload(name: string, mime?: string): boolean {
  if (effectiveExtensions(name).some((ext) => BLOCKED.has(ext))) return true;
  return mime !== undefined && (BLOCKED_UPLOAD_MIMES as readonly string[]).includes(mime);
}
