import { describe, expect, it } from 'vitest';
import { sunoProgress, sunoStatus, type TaskStatus } from './suno-status.js';

describe('sunoStatus / sunoProgress', () => {
  it.each<[string, TaskStatus, string]>([
    ['NOT_START', 'NOT_START', '0%'],
    ['SUBMITTED', 'SUBMITTED', '10%'],
    ['submitted', 'SUBMITTED', '10%'],
    ['QUEUED', 'QUEUED', '20%'],
    ['queueing', 'QUEUED', '20%'],
    ['IN_PROGRESS', 'IN_PROGRESS', '30%'],
    ['processing', 'IN_PROGRESS', '30%'],
    ['streaming', 'IN_PROGRESS', '30%'],
    ['SUCCESS', 'SUCCESS', '100%'],
    ['complete', 'SUCCESS', '100%'],
    ['FAILURE', 'FAILURE', '100%'],
    ['failed', 'FAILURE', '100%'],
    ['error', 'FAILURE', '100%'],
    ['', 'UNKNOWN', '42%'],
    ['sleeping', 'UNKNOWN', '42%'],
  ])('%j → %s, %s', (upstream, status, progress) => {
    expect(sunoStatus(upstream)).toBe(status);
    expect(sunoProgress(status, '42%')).toBe(progress);
  });
});
