import { AuthErrorCode } from '@stockbook/contracts';
import { AppError } from '../common/errors/app-error';
import { violatedUniqueIndex } from '../common/errors/unique-violation';

/** The unique indexes of users, and the 409 each means. */
export const USER_TAKEN: Record<string, AppError> = {
  uq_users_username: new AppError(AuthErrorCode.UsernameTaken, 'That username is taken.', {
    username: ['That username is taken. Choose another.'],
  }),
  uq_users_email: new AppError(AuthErrorCode.EmailTaken, 'That e-mail address already has an account.', {
    email: ['That e-mail address already has an account. Sign in, or use another address.'],
  }),
};

/** A taken username or e-mail (a unique index refused the row) as a 409 on its field; other errors as they are. */
export function takenOr(error: unknown): unknown {
  const index = violatedUniqueIndex(error);
  return (index && USER_TAKEN[index]) || error;
}
