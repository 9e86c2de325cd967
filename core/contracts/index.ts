export * from './envelope.js';
export * from './status.js';
export * from './user.js';
export * from './token.js';
export * from './log.js';
export * from './pricing.js';
export * from './topup.js';
export * from './playground.js';
