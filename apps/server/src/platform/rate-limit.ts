import { MSG } from '@intranet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  loginPerIp: RateRule;
  loginPerUser: RateRule;
  recoveryPerIp: RateRule;
  recoveryPerUser: RateRule;
}

const MINUTE = 60_000;

/** Offices share one public IP, so the per-IP rules are loose; the per-user rules stop guessing. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 200, windowMs: 15 * MINUTE },
  loginPerUser: { max: 10, windowMs: 15 * MINUTE },
  recoveryPerIp: { max: 50, windowMs: 15 * MINUTE },
  recoveryPerUser: { max: 10, windowMs: 15 * MINUTE },
};

type Check = (request: FastifyRequest) => Promise<void>;

/**
 * A preHandler that applies one rule per IP and one per user (the body field `userField`),
 * answering 429 with a Portuguese message when either is exceeded.
 */
export function rateLimitPair(
  app: FastifyInstance,
  name: string,
  perIp: RateRule,
  perUser: RateRule,
  userField: string,
): Check {
  const byIp = app.createRateLimit({
    max: perIp.max,
    timeWindow: perIp.windowMs,
    keyGenerator: (req) => `${name}:ip:${req.ip}`,
  });
  const byUser = app.createRateLimit({
    max: perUser.max,
    timeWindow: perUser.windowMs,
    keyGenerator: (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      const raw = body?.[userField];
      return `${name}:user:${typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 20) : ''}`;
    },
  });
  return async (request) => {
    for (const limiter of [byIp, byUser]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(429, MSG.tooManyRequests, { retryAfterSeconds: Math.ceil(result.ttl / 1000) });
      }
    }
  };
}
