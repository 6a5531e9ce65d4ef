export * from './brand.ts';
export * from './enums.ts';
export * from './entities.ts';
export * from './routes.ts';
export * from './client.ts';
export * from './money.ts';
export * from './validate.ts';
