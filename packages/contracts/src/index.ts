import './zod-locale.ts';

export * from './auth/auth.policy.ts';
export * from './auth/auth.schemas.ts';
export * from './home/home.policy.ts';
export * from './home/sectors.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './notices/notices.schemas.ts';
export * from './roles.ts';
