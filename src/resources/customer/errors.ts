/**
 * Errors of the customer account flows (password and email tokens) that the generic catalogue in
 * src/http/errors.ts does not hold. Messages are the platform's (RAML `types/error/`).
 */
import { PlatformError } from '../../http/errors.js';

const single = (statusCode: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  new PlatformError(statusCode, [{ code, message, ...extra }]);

export const customerErrors = {
  /** 400: the password token exists but its `expiresAt` has passed. */
  expiredPasswordToken: () => single(400, 'ExpiredCustomerPasswordToken', 'The given password token has expired.'),
  /** 400: the email token exists but its `expiresAt` has passed. */
  expiredEmailToken: () => single(400, 'ExpiredCustomerEmailToken', 'The given email token has expired.'),
  /** 404: no such token (never issued, used, or invalidated by a newer one or by a reset/verification). */
  tokenNotFound: (kind: 'password' | 'email') =>
    single(404, 'ResourceNotFound', `The Resource with the given ${kind} token was not found. It may have been used or invalidated.`),
  /** 404: no customer (reachable from this endpoint) has the email. */
  emailNotFound: (email: string) => single(404, 'ResourceNotFound', `The Customer with email '${email}' was not found.`),
};
