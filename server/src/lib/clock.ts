import type { Config } from '../config';

/**
 * An injectable clock. Time-dependent logic (validity on approval, expiry, reminders) reads the
 * time from here, never from `new Date()` directly, so tests can move time (config.clock).
 * Calendar dates are Colombian: validity and the daily digest turn at midnight in Bogotá, not UTC;
 * which day an instant is, and day arithmetic, are domain/src/calendario.ts' (decision 174).
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
