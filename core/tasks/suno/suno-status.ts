/** new-api's task statuses (spec console-api.md §9). */
export type TaskStatus = 'NOT_START' | 'SUBMITTED' | 'QUEUED' | 'IN_PROGRESS' | 'FAILURE' | 'SUCCESS' | 'UNKNOWN';

// Suno-API bridges answer either new-api's own words or their lower-case ones.
const ALIASES: Record<string, TaskStatus> = {
  not_start: 'NOT_START',
  submitted: 'SUBMITTED',
  queued: 'QUEUED',
  queueing: 'QUEUED',
  in_progress: 'IN_PROGRESS',
  processing: 'IN_PROGRESS',
  running: 'IN_PROGRESS',
  streaming: 'IN_PROGRESS',
  success: 'SUCCESS',
  complete: 'SUCCESS',
  failure: 'FAILURE',
  failed: 'FAILURE',
  error: 'FAILURE',
};

const PROGRESS: Partial<Record<TaskStatus, string>> = {
  NOT_START: '0%',
  SUBMITTED: '10%',
  QUEUED: '20%',
  IN_PROGRESS: '30%',
  SUCCESS: '100%',
  FAILURE: '100%',
};

/** A Suno upstream's status word → the task status; an unknown word is UNKNOWN (polled again). */
export const sunoStatus = (upstream: string): TaskStatus => ALIASES[upstream.trim().toLowerCase()] ?? 'UNKNOWN';

/** The progress shown for a status (Suno reports none); UNKNOWN keeps what the task had. */
export const sunoProgress = (status: TaskStatus, previous: string): string => PROGRESS[status] ?? previous;
