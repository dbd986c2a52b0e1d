import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint.ts';

describe('fillPath', () => {
  it('fills each :param with its URI-encoded value', () => {
    expect(fillPath('/api/calls/:id/attachments/:attachmentId', { id: 7, attachmentId: 'a b' })).toBe(
      '/api/calls/7/attachments/a%20b',
    );
  });

  it('fills a last * with a path, encoding each segment and keeping the slashes', () => {
    expect(fillPath('/api/files/*', { '*': 'notices/foto nova#1.png' })).toBe(
      '/api/files/notices/foto%20nova%231.png',
    );
  });

  it.each([
    [{}, /missing path parameter \*/],
    [{ '*': '' }, /missing path parameter \*/],
    [{ '*': 'notices/../profile/x.png' }, /invalid path parameter/],
    [{ '*': '/etc/passwd' }, /invalid path parameter/],
    [{ '*': 'notices//x.png' }, /invalid path parameter/],
  ])('refuses a missing or path-changing wildcard %j', (params, error) => {
    expect(() => fillPath('/api/files/*', params)).toThrow(error);
  });

  it('refuses a missing :param', () => {
    expect(() => fillPath('/api/apps/:id', undefined)).toThrow('missing path parameter id');
  });
});
