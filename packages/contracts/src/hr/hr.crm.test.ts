import { describe, expect, it } from 'vitest';
import { CRM_INVALID, crmSchema, normalizeCrm } from './hr.crm.ts';

describe('normalizeCrm reads the CRM as people write it', () => {
  it.each([
    ['123456-SP', '123456/SP'],
    ['123456/SP', '123456/SP'],
    ['123456/sp', '123456/SP'],
    ['123456 SP', '123456/SP'],
    ['123456SP', '123456/SP'],
    ['CRM/SP 123456', '123456/SP'],
    ['CRM-SP 123456', '123456/SP'],
    ['CRM SP 123456', '123456/SP'],
    ['crm/rj: 52.123', '52123/RJ'],
    ['1.234.567-DF', '1234567/DF'],
    ['CRM-MG nº 12.345', '12345/MG'],
    ['CRM 123456/SP', '123456/SP'],
    ['CRM 123456', '123456'],
    ['  98765  ', '98765'],
    ['857/BA', '857/BA'],
  ])('%s → %s', (text, crm) => {
    expect(normalizeCrm(text)).toBe(crm);
  });

  it.each([
    '',
    'SP',
    '123456-XX',
    'CRM/ZZ 123',
    '12a456',
    '12345678',
    '000/SP',
    'CRM',
    '123456 SP extra',
    '12.34/SP',
  ])('refuses %j', (text) => {
    expect(normalizeCrm(text)).toBeNull();
  });

  it('the schema keeps the normal form and says the expected format', () => {
    expect(crmSchema('vazio').parse('123456-SP')).toBe('123456/SP');
    expect(crmSchema('vazio').safeParse('').error?.issues[0]?.message).toBe('vazio');
    expect(crmSchema('vazio').safeParse('12a456').error?.issues[0]?.message).toBe(CRM_INVALID);
  });
});
