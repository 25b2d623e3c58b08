export * from './accounts.ts';
export * from './demo.ts';
export * from './listings.ts';
export * from './money.ts';
export * from './pagination.ts';
export * from './problem.ts';
export * from './users.ts';
