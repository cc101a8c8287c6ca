import { z } from 'zod';
import {
  CURRENCIES,
  EXCLUDE_STATUS_OPTIONS,
  POLICY_STATUS_CODES,
  PRODUCT_ACTIONS,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
} from './product-codes.js';

export * from './product-codes.js';

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES);
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const productActionSchema = z.enum(PRODUCT_ACTIONS);
export const policyStatusCodeSchema = z.enum(POLICY_STATUS_CODES);
export const excludeStatusSchema = z.enum(EXCLUDE_STATUS_OPTIONS);
export const currencySchema = z.enum(CURRENCIES);
