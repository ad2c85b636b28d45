export * from './plantilla';
export * from './api';
