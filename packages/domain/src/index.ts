export * from './errors.ts';
export * from './user.ts';
export * from './languages.ts';
export * from './client.ts';
export * from './routes.ts';
export * from './generation/index.ts';
export * from './moderation/index.ts';
export * from './gallery/index.ts';
