/** Time comes from here so tests can move it (token expiry, date ranges). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
