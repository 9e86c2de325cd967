export type StatusNotice = { kind: 'error' | 'info'; key: string; params?: Record<string, string> };

/** The spec's global HTTP messages: 429, 500, 405 (demo without a server), anything else "错误：…". */
export function statusNotice(status: number, serverMessage: string): StatusNotice {
  if (status === 429) return { kind: 'error', key: 'http.tooManyRequests' };
  if (status === 500) return { kind: 'error', key: 'http.serverError' };
  if (status === 405) return { kind: 'info', key: 'http.demoNoServer' };
  return { kind: 'error', key: 'http.error', params: { message: serverMessage || `HTTP ${status}` } };
}
