export * from './admission';
export * from './auth';
export * from './contact';
export * from './errors';
export * from './fields';
export * from './news';
export * from './sms';
export * from './student';
