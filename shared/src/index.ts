export * from './taxonomy';
export * from './category-selection';
export * from './constants';
export * from './messages';
export * from './api/errors';
export * from './api/route-types';
export * from './api/categories';
export * from './api/routes';
