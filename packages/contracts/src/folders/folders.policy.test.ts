import { describe, expect, it } from 'vitest';
import type { Actor } from '../roles.ts';
import {
  folderItemNameProblem,
  formatFileSize,
  isBlockedUpload,
  normalizeItemName,
  numberedItemName,
} from './folders.names.ts';
import {
  canCreateFolderIn,
  canUploadInto,
  checksFromPrivilege,
  folderItemAbilities,
  folderReachable,
  folderVisibleTo,
  initialPrivilege,
  privilegeFromChecks,
} from './folders.policy.ts';

const actor = (userId: number, privilegio: number, extra: Partial<Actor> = {}): Actor => ({
  userId,
  privilegio,
  suport: 0,
  admin: 0,
  setor: [],
  ...extra,
});
const admin = actor(1, 1, { admin: 1, suport: 1 });
const gestor = actor(2, 2, { suport: 1 });
const colab = actor(3, 3);
const support = actor(4, 3, { suport: 1 });

describe('folderVisibleTo', () => {
  const folder = (privilegio: number, isPrivate: number, extra = {}) => ({
    id: 50,
    ownerId: 99,
    privilegio,
    isPrivate,
    sharedWithActor: false,
    ...extra,
  });
  const table: [string, Actor, ReturnType<typeof folder>, boolean][] = [
    ['admin sees privilege 1', admin, folder(1, 0), true],
    ['admin sees private', admin, folder(1, 1), true],
    ['gestor: privilege 1 hidden', gestor, folder(1, 0), false],
    ['gestor: privilege 2 visible', gestor, folder(2, 0), true],
    ['gestor: privilege 3 visible', gestor, folder(3, 0), true],
    ['gestor: private privilege 3 hidden', gestor, folder(3, 1), false],
    ['colaborador: privilege 2 hidden', colab, folder(2, 0), false],
    ['colaborador: privilege 3 visible', colab, folder(3, 0), true],
    ['colaborador: private privilege 3 hidden', colab, folder(3, 1), false],
    ['owner always', colab, folder(1, 1, { ownerId: 3 }), true],
    ['shared always', colab, folder(1, 1, { sharedWithActor: true }), true],
    ['root for everyone', colab, folder(1, 1, { id: 1 }), true],
    ['Pasta Pública for everyone', colab, folder(1, 1, { id: 2 }), true],
  ];
  it.each(table)('%s', (_label, u, f, expected) => {
    expect(folderVisibleTo(u, f)).toBe(expected);
  });
});

describe('folderReachable', () => {
  const f = (id: number, privilegio: number, ownerId: number | null = 99) => ({
    id,
    ownerId,
    privilegio,
    isPrivate: 0,
    sharedWithActor: false,
  });
  it('needs the folder and every ancestor visible', () => {
    expect(folderReachable(colab, [f(1, 1, null), f(60, 3), f(61, 3)])).toBe(true);
    // A folder opened to everyone inside one opened to managers only is out of a Colaborador's reach.
    expect(folderReachable(colab, [f(1, 1, null), f(60, 2), f(61, 3)])).toBe(false);
    expect(folderReachable(gestor, [f(1, 1, null), f(60, 2), f(61, 3)])).toBe(true);
    expect(folderReachable(colab, [f(1, 1, null), f(60, 2, 3), f(61, 3)])).toBe(true);
    expect(folderReachable(colab, [])).toBe(false);
  });
});

describe('folderItemAbilities (spec §6)', () => {
  const item = (kind: 'folder' | 'file', ownerId: number | null, parentId = 10, id = 60) => ({
    kind,
    id,
    ownerId,
    parentId,
  });
  const table: [string, Actor, ReturnType<typeof item>, Partial<ReturnType<typeof folderItemAbilities>>][] = [
    [
      'colaborador, not owner: no options',
      colab,
      item('folder', 99),
      { options: false, rename: false, permission: false, delete: false },
    ],
    [
      'colaborador owner: rename and permission, no delete',
      colab,
      item('folder', 3),
      { options: true, rename: true, permission: true, delete: false, open: false },
    ],
    ['support colaborador may open', support, item('folder', 99), { open: true, options: false }],
    [
      'gestor: everything on a folder',
      gestor,
      item('folder', 99),
      { options: true, open: true, rename: true, permission: true, delete: true, download: false },
    ],
    [
      'gestor: download on a file, no permission',
      gestor,
      item('file', 99),
      { download: true, permission: false, delete: true },
    ],
    [
      'colaborador owner of a file: no download',
      colab,
      item('file', 3),
      { options: true, download: false, delete: false },
    ],
    ['no permission inside Pasta Pública', gestor, item('folder', 2, 2), { permission: false, rename: true }],
    [
      'system folders have no options',
      admin,
      item('folder', null, 1, 2),
      { options: false, rename: false, delete: false },
    ],
  ];
  it.each(table)('%s', (_label, u, i, expected) => {
    expect(folderItemAbilities(u, i)).toMatchObject(expected);
  });
});

describe('folder creation, upload targets and the permission checkboxes', () => {
  it('refuses uploads at the root and in Pasta Pública', () => {
    expect([1, 2, 3].map(canUploadInto)).toEqual([false, false, true]);
  });
  it('takes folders in Pasta Pública from managers only, opened to everyone', () => {
    expect(canCreateFolderIn(colab, 2)).toBe(false);
    expect(canCreateFolderIn(gestor, 2)).toBe(true);
    expect(canCreateFolderIn(colab, 1)).toBe(true);
    expect(initialPrivilege(2)).toBe(3);
    expect(initialPrivilege(1)).toBe(1);
  });
  it.each([
    [false, false, 1],
    [true, false, 2],
    [true, true, 3],
    [false, true, 3],
  ] as const)('Gestores %s, Colaboradores %s → privilege %i (collaborators imply managers)', (g, c, p) => {
    expect(privilegeFromChecks(g, c)).toBe(p);
    expect(checksFromPrivilege(p)).toEqual({ gestores: p >= 2, colaboradores: p === 3 });
  });
});

describe('names', () => {
  it.each([
    ['Relatórios 2025', undefined],
    ['', 'Informe o nome.'],
    ['a/b', expect.stringContaining('barras')],
    ['a\\b', expect.stringContaining('barras')],
    ['..', expect.stringContaining('barras')],
    ['...', expect.stringContaining('pontos')],
    ['. .', expect.stringContaining('pontos')],
    ['relatório.', undefined],
    ['linha\nnova', expect.stringContaining('controle')],
    ['x'.repeat(256), expect.stringContaining('255')],
  ])('%j → %s', (name, problem) => {
    expect(folderItemNameProblem(name)).toEqual(problem);
  });
  it('numbers names before the extension of files only', () => {
    expect(numberedItemName('Nova pasta', 2, 'folder')).toBe('Nova pasta (2)');
    expect(numberedItemName('v1.0', 3, 'folder')).toBe('v1.0 (3)');
    expect(numberedItemName('a.pdf', 2, 'file')).toBe('a (2).pdf');
    expect(numberedItemName('.env', 2, 'file')).toBe('.env (2)');
    expect(numberedItemName('x'.repeat(255), 2, 'folder')).toHaveLength(255);
  });
  it('formats sizes in B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });
  it('blocks executables by extension or type', () => {
    expect(isBlockedUpload('setup.EXE')).toBe(true);
    expect(isBlockedUpload('script.ps1')).toBe(true);
    expect(isBlockedUpload('fatura.pdf', 'application/x-msdownload')).toBe(true);
    expect(isBlockedUpload('planilha.xlsx', 'application/zip')).toBe(false);
    expect(isBlockedUpload('LEIAME')).toBe(false);
  });
  it.each([
    'run.vbs.',
    'run.vbs ',
    'run.vbs. . ',
    'run.v\u0000bs',
    'run.vbs\u200b',
    'run.vbs::$DATA',
    'pasta\\run.vbs',
    ...'url scf chm iso img vhd msc wsc wsf wsh sct pif scr cpl inf lnk psm1 vbe jse appx msix application gadget hta xll'
      .split(' ')
      .map((ext) => `arquivo.${ext}`),
  ])('blocks %j (issue 9)', (name) => {
    expect(isBlockedUpload(name)).toBe(true);
  });
  it.each([
    'leia.txt',
    'relatório.pdf',
    'planilha.xlsx',
    'notas.docx',
    'foto.jpeg',
    'dados.csv',
    'backup.zip',
    'v1.0',
    'certificado.cer',
  ])('lets the document %j through', (name) => {
    expect(isBlockedUpload(name)).toBe(false);
  });
  it('drops trailing dots, spaces and invisible characters as Windows does', () => {
    expect(normalizeItemName(' run.vbs. . ')).toBe('run.vbs');
    expect(normalizeItemName('a\u200b')).toBe('a');
    expect(normalizeItemName('.env')).toBe('.env');
    expect(normalizeItemName('...')).toBe('');
  });
});
