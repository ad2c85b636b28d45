// Zod in the browser builds no compiled parsers. Otherwise it probes `new Function` when the first
// object schema is built, which the CSP (script-src 'self') refuses and Chromium reports as an issue
// on every signed-in page (decision 074). Zod keeps its global configuration in
// globalThis.__zod_globalConfig and adopts an object already there (zod/v4/core/core.js), so main.tsx
// sets it before any chunk builds a schema, without loading zod with the login screen
// (decision 073). Equivalent to z.config({ jitless: true }).
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
