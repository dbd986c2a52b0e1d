import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import { canInsertAttachments, canManageAttachments } from './operations.policy.ts';
import {
  OPERATION_MIMES,
  OT_MESSAGE,
  operationUploadMetadata,
  otSchema,
  slotKind,
} from './operations.schemas.ts';

describe('OT rule (spec §5: numeric, at least 6 characters)', () => {
  it.each([
    ['123456', true],
    [' 1234567 ', true],
    ['12345', false],
    ['12345a', false],
    ['', false],
    ['12.3456', false],
    ['1'.repeat(21), false],
  ])('%j valid: %s', (ot, ok) => {
    const parsed = otSchema.safeParse(ot);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(OT_MESSAGE);
  });
});

describe('slots (spec §9: 1–3 video, 4 image)', () => {
  it('maps each slot to its kind', () => {
    expect([1, 2, 3, 4].map((s) => slotKind(s as 1 | 2 | 3 | 4))).toEqual([
      'video',
      'video',
      'video',
      'image',
    ]);
  });
  it('accepts only slots 1 to 4 in the upload metadata', () => {
    expect(operationUploadMetadata.safeParse({ ot: '123456', slot: '4' }).success).toBe(true);
    expect(operationUploadMetadata.safeParse({ ot: '123456', slot: '5' }).success).toBe(false);
    expect(operationUploadMetadata.safeParse({ ot: '123456', slot: '0' }).success).toBe(false);
  });
  it('keeps videos and images apart', () => {
    expect(OPERATION_MIMES.video.some((m) => m.startsWith('image/'))).toBe(false);
    expect(OPERATION_MIMES.image.every((m) => m.startsWith('image/'))).toBe(true);
    expect(OPERATION_MIMES.image).not.toContain('image/svg+xml');
  });
});

describe('operations policy (spec §6)', () => {
  it.each([
    ['Administrador', actor({ privilegio: 1 }), true],
    ['admin flag', actor({ admin: 1 }), true],
    ['Gestor', actor({ privilegio: 2 }), true],
    ['Colaborador', actor(), false],
    ['Colaborador de suporte', actor({ suport: 1 }), false],
  ])('Gerenciar Anexos for %s: %s', (_who, u, allowed) => {
    expect(canManageAttachments(u)).toBe(allowed);
    expect(canInsertAttachments(u)).toBe(true);
  });
});
