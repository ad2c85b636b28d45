export * from './messages';
export * from './auth';
export * from './contracts';
export * from './evidence';
export * from './rules/status';
export * from './rules/upload';
export * from './rules/nit';
export * from './zod-setup';
