export * from './a11y';
export * from './assert';
export * from './browser';
export * from './harness';
export * from './login';
export * from './server';
export { ensureWebBuild, ROOT, WEB_DIST } from './web-build';
export * from './document-dates';
