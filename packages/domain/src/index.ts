export * from './errors';
export * from './ids';
export * from './roles';
export * from './validation';
export * from './products';
export * from './memberships';
export * from './invitations';
export * from './permissions';
