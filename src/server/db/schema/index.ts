export * from './users';
export * from './sessions';
export * from './rooms';
export * from './messages';
