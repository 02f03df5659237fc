export * from './enums';
export * from './limits';
export * from './schemas';
export * from './site';
export * from './routes';
export * from './delivery';
export * from './uploads';
export * from './account';
