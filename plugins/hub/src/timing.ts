/**
 * The durations of seed 001, in milliseconds, as constants. Tests scale them all down through one documented
 * test-only setting, `MAIA_HUB_TIME_SCALE` (a factor such as `0.02`), never by changing the constants.
 */
export const SEED_TIMING = {
  /** The `initialize` handshake must answer within 30 s. */
  handshakeTimeout: 30_000,
  /** Stop: stdin closed, then 5 s before SIGTERM to the agent's process group… */
  stdinGrace: 5_000,
  /** …then 3 s before SIGKILL. */
  termGrace: 3_000,
  /** Idle agents are looked at every 30 s. */
  idleCheckEvery: 30_000,
} as const;

export interface HubTiming {
  handshakeTimeout: number;
  stdinGrace: number;
  termGrace: number;
  idleCheckEvery: number;
  /** Multiplies `limits.stopIdleAgentsAfter` (seconds in the configuration) like the constants above. */
  scale: number;
}

/** The timing in force: the seed's, or scaled by `MAIA_HUB_TIME_SCALE` when it is a number in (0, 1]. */
export function hubTiming(env: NodeJS.ProcessEnv = process.env): HubTiming {
  const raw = Number(env.MAIA_HUB_TIME_SCALE);
  const scale = Number.isFinite(raw) && raw > 0 && raw <= 1 ? raw : 1;
  return {
    handshakeTimeout: SEED_TIMING.handshakeTimeout * scale,
    stdinGrace: SEED_TIMING.stdinGrace * scale,
    termGrace: SEED_TIMING.termGrace * scale,
    idleCheckEvery: SEED_TIMING.idleCheckEvery * scale,
    scale,
  };
}
