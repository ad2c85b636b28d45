import { todayInColombia } from '@proveedores/domain';
import type { Config } from '../config';

/**
 * An injectable clock. Time-dependent logic (validity on approval, expiry, reminders) reads the
 * time from here, never from `new Date()` directly, so tests can move time (config.clock).
 * Calendar dates are Colombian: validity and the daily digest turn at midnight in Bogotá, not UTC.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export type ManualClock = Clock & { set: (at: Date | string) => void; advanceDays: (days: number) => void };

export function manualClock(start: Date | string): ManualClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advanceDays: (days) => {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}

/** The clock of an app: the configured one (tests), else the system clock. */
export function clockOf(config: Pick<Config, 'clock'>): Clock {
  return config.clock ?? systemClock;
}

export const ZONA = 'America/Bogota';

const HORA = new Intl.DateTimeFormat('en-GB', { timeZone: ZONA, hour: '2-digit', hourCycle: 'h23' });

/** Calendar date in Colombia, YYYY-MM-DD (the domain's rule, with its formatter built once). */
export const fechaColombia = (at: Date): string => todayInColombia(at);

/** Hour of the day (0-23) in Colombia. */
export function horaColombia(at: Date): number {
  return Number(HORA.format(at));
}

/** YYYY-MM-DD plus n days (pure calendar arithmetic, no time zone involved). */
export function addDays(fecha: string, days: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
