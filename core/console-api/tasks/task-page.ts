/** new-api's ItemsPerPage: drawing and task lists are fixed pages of 10 with a zero-based p (p < 0 is 0). */
export const TASK_PAGE_SIZE = 10;

export const taskPageOffset = (p: number): number => Math.max(0, p) * TASK_PAGE_SIZE;
