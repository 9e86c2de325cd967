/**
 * A row's values without the undefined ones: postgres.js refuses undefined, and a column left out keeps
 * its default on insert and its value on update.
 */
export const definedColumns = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
