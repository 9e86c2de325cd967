import { describe, expect, it } from 'vitest';
import { statusNotice } from './http-status-messages';

describe('global HTTP messages', () => {
  it('maps 429, 500, 405 and others', () => {
    expect(statusNotice(429, '')).toEqual({ kind: 'error', key: 'http.tooManyRequests' });
    expect(statusNotice(500, 'x')).toEqual({ kind: 'error', key: 'http.serverError' });
    expect(statusNotice(405, '')).toEqual({ kind: 'info', key: 'http.demoNoServer' });
    expect(statusNotice(403, '无权访问该分组')).toEqual({ kind: 'error', key: 'http.error', params: { message: '无权访问该分组' } });
    expect(statusNotice(502, '')).toMatchObject({ params: { message: 'HTTP 502' } });
  });
});
