export * from './avatar-source';
export * from './decoration-number';
export * from './appearance';
