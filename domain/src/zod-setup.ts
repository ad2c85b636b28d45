import { z } from 'zod';

// Default validation messages in Spanish on both sides; specification messages are set per field.
z.config(z.locales.es());

export const SPANISH_ZOD = true;
