export * from './users';
export * from './sessions';
export * from './rooms';
export * from './messages';
export * from './sanctions';
export * from './moderation-log';
export * from './word-filter';
export * from './reports';
